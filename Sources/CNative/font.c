#include "springy_native.h"
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>

static FT_Library library;
static const cairo_user_data_key_t face_key;

static void release_face(void *face) { FT_Done_Face((FT_Face)face); }

cairo_font_face_t *springy_font_face_from_file(const char *path, char *error, size_t errorLength) {
    if (!library && FT_Init_FreeType(&library) != 0) {
        snprintf(error, errorLength, "FreeType could not start");
        return NULL;
    }
    FT_Face face;
    FT_Error status = FT_New_Face(library, path, 0, &face);
    if (status != 0) {
        snprintf(error, errorLength, "cannot load font %s (FreeType error %d)", path, (int)status);
        return NULL;
    }
    cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(face, 0);
    if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
        cairo_font_face_set_user_data(cf, &face_key, face, release_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(cf);
        FT_Done_Face(face);
        snprintf(error, errorLength, "cairo could not use font %s", path);
        return NULL;
    }
    return cf;
}

int springy_font_has_glyph(cairo_font_face_t *cf, uint32_t codepoint) {
    FT_Face face = (FT_Face)cairo_font_face_get_user_data(cf, &face_key);
    if (!face) return 0;
    return FT_Get_Char_Index(face, codepoint) != 0;
}
