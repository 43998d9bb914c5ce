// GObject properties generated from satcore's filter catalog (sat/filter_spec.h): one per
// parameter, named as the catalog names it in GStreamer's kebab-case ("kernel_width" →
// "kernel-width"), with its range, default and help. Int, Real and Bool parameters become int,
// double and boolean properties, a Choice an enum type of its own (GstSat<Filter><Param>), and an
// Image parameter a "<name>-file" string: the path of an 8-bit image file.
// GObject refuses values outside a property's range itself; what the range cannot say (odd only,
// open ends) is checked by the catalog when the value is set (set_from_value throws sat::Error
// with the catalog's text).
#pragma once

#include <gst/gst.h>

#include <string>

#include "sat/filter_spec.h"

namespace sat_gst {

std::string property_name(const sat::ParamInfo& param);
// "variable-blur" → "VariableBlur", "max_radius" → "MaxRadius": for GType names.
std::string camel_case(std::string_view name);

// The property of `param` of `filter`; its flags allow changes while PLAYING.
GParamSpec* make_param_spec(const sat::FilterInfo& filter, const sat::ParamInfo& param);

// The parameter's value in `spec` into `value` (initialised to the property's type). Not for
// Image parameters (their value is the file name the element keeps).
void value_from_spec(const sat::FilterSpec& spec, const sat::ParamInfo& param, GValue* value);
// The property's value into `spec`, checked by the catalog: throws sat::Error with its text.
void set_from_value(sat::FilterSpec& spec, const sat::ParamInfo& param, const GValue* value);

}  // namespace sat_gst
