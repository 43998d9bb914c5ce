#version 330 core
// The image view: the input ("before") left of the divider, the filter's output ("after") right
// of it, placed by the view transform; a faint checkerboard around it. Both textures are RGBA8.
uniform sampler2D u_before;
uniform sampler2D u_after;
uniform vec2 u_origin;            // framebuffer px of the image's top-left corner, top-left origin
uniform float u_zoom;             // framebuffer px per image px
uniform vec2 u_image_size;        // image px
uniform float u_divider;          // image x (px) where the output begins
uniform float u_viewport_height;  // framebuffer px, to flip gl_FragCoord to a top-left origin
uniform vec3 u_background;

out vec4 o_color;

vec4 sample_image(sampler2D image, vec2 p) {
  // Magnified (and 1:1): the exact texel, so the screen shows the filter's bytes unchanged.
  if (u_zoom >= 1.0) return texelFetch(image, ivec2(floor(p)), 0);
  // Minified: bilinear (no mipmaps: the texture changes every frame).
  return textureLod(image, p / u_image_size, 0.0);
}

void main() {
  vec2 frag = vec2(gl_FragCoord.x, u_viewport_height - gl_FragCoord.y);
  vec2 p = (frag - u_origin) / u_zoom;
  if (p.x < 0.0 || p.y < 0.0 || p.x >= u_image_size.x || p.y >= u_image_size.y) {
    vec2 cell = floor(frag / 16.0);
    o_color = vec4(u_background * (0.92 + 0.08 * mod(cell.x + cell.y, 2.0)), 1.0);
    return;
  }
  vec4 color = p.x < u_divider ? sample_image(u_before, p) : sample_image(u_after, p);
  o_color = vec4(color.rgb, 1.0);
}
