#include "springy_native.h"
#include <cairo.h>
#include <pixman.h>
#include <png.h>
#include <stdio.h>
#include <zlib.h>
#include <ft2build.h>
#include FT_FREETYPE_H

/* The versions of the libraries that draw and encode a frame, as the running process loaded
   them (not as the headers were when Springy was built): "name version" lines. A golden records
   them, so a failure that a library update explains can say so. */
void springy_library_versions(char *out, size_t length) {
    int ft_major = 0, ft_minor = 0, ft_patch = 0;
    FT_Library library;
    if (FT_Init_FreeType(&library) == 0) {
        FT_Library_Version(library, &ft_major, &ft_minor, &ft_patch);
        FT_Done_FreeType(library);
    }
    snprintf(out, length, "cairo %s\npixman %s\nfreetype %d.%d.%d\nlibpng %s\nzlib %s\n", cairo_version_string(),
             pixman_version_string(), ft_major, ft_minor, ft_patch, png_get_libpng_ver(NULL), zlibVersion());
}
