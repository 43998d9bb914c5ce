// The values the image filters take: images (ConstImage8, Image8), the border rule
// (sat/filter_image.h), and one parameter struct per filter, each in its own header
// (sat/filter_params/NAME.h, beside the filter's folder core/src/filters/NAME/). The build lists
// the filters' headers into sat/filter_list.h from those folders: including this header gives
// every filter's struct. Each struct's default member values are the filter's defaults; the
// ranges, names and help of every member are the filter's description (sat/filter_spec.h).
#pragma once

#include "sat/filter_image.h"
#include "sat/filter_list.h"
