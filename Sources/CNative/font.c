#include "springy_native.h"
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>

static const cairo_user_data_key_t face_key;
static const cairo_user_data_key_t library_key;

static void release_face(void *face) { FT_Done_Face((FT_Face)face); }
static void release_library(void *library) { FT_Done_FreeType((FT_Library)library); }

/* A font face of its own, on a FreeType library of its own: FreeType's objects are not to be
   shared between threads, and Cairo's scaled fonts are keyed by font face, so a thread that
   draws only with its own face never touches another thread's glyph caches. */
cairo_font_face_t *springy_font_face_from_file(const char *path, char *error, size_t errorLength) {
    FT_Library library;
    if (FT_Init_FreeType(&library) != 0) {
        snprintf(error, errorLength, "FreeType could not start");
        return NULL;
    }
    FT_Face face;
    FT_Error status = FT_New_Face(library, path, 0, &face);
    if (status != 0) {
        snprintf(error, errorLength, "cannot load font %s (FreeType error %d)", path, (int)status);
        FT_Done_FreeType(library);
        return NULL;
    }
    cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(face, 0);
    /* The face is released before the library: user data is destroyed in reverse order of setting. */
    if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
        cairo_font_face_set_user_data(cf, &library_key, library, release_library) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(cf);
        FT_Done_Face(face);
        FT_Done_FreeType(library);
        snprintf(error, errorLength, "cairo could not use font %s", path);
        return NULL;
    }
    if (cairo_font_face_set_user_data(cf, &face_key, face, release_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(cf);   /* releases the library */
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
