#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <dlfcn.h>

/*
 * libjpeg is loaded when the first JPEG is read, not when the process starts (see CZBar/shim.h): decoding goes
 * through struct cjpeg_api, filled by cjpeg_load. The library loaded is the one whose ABI jpeglib.h describes
 * (JPEG_LIB_VERSION 62: libjpeg.so.62; 80: libjpeg.so.8), and jpeg_CreateDecompress checks that again.
 */

#define CJPEG_FUNCTIONS(X) \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_mem_src) X(jpeg_read_header) X(jpeg_start_decompress) \
    X(jpeg_read_scanlines) X(jpeg_finish_decompress) X(jpeg_destroy_decompress)

struct cjpeg_api {
#define CJPEG_FIELD(name) __typeof__(name) *_Nonnull name;
    CJPEG_FUNCTIONS(CJPEG_FIELD)
#undef CJPEG_FIELD
};

#define CJPEG_STRING2(x) #x
#define CJPEG_STRING(x) CJPEG_STRING2(x)
#if JPEG_LIB_VERSION >= 90
#define CJPEG_SONUM "9"
#elif JPEG_LIB_VERSION >= 80
#define CJPEG_SONUM "8"
#else
#define CJPEG_SONUM CJPEG_STRING(JPEG_LIB_VERSION)
#endif

/// Loads libjpeg and fills *api. Returns 0, or -1 with the reason in error.
static inline int cjpeg_load(struct cjpeg_api *api, char *error, size_t capacity) {
    static const char *const names[] = {"libjpeg.so." CJPEG_SONUM, "libjpeg.so", "libjpeg." CJPEG_SONUM ".dylib",
                                        "libjpeg.dylib"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, capacity, "%s", reason ? reason : "libjpeg: cannot open shared object file");
        return -1;
    }
#define CJPEG_RESOLVE(name) \
    if ((*(void **)&api->name = dlsym(handle, #name)) == NULL) { \
        snprintf(error, capacity, "libjpeg has no symbol %s", #name); \
        return -1; \
    }
    CJPEG_FUNCTIONS(CJPEG_RESOLVE)
#undef CJPEG_RESOLVE
    return 0;
}

/*
 * libjpeg reports fatal errors through error_exit, which by default calls exit().
 * Swift cannot use setjmp/longjmp, so the whole decode runs in this one static inline
 * function: error_exit longjmps back here and the caller gets a status code instead.
 */

/// Outcome of cjpeg_decode_gray.
enum {
    CJPEG_OK = 0,
    CJPEG_CORRUPT = 1,      /* libjpeg raised a fatal error (not a JPEG, bad marker, bad data) */
    CJPEG_TRUNCATED = 2,    /* data ended before the image did */
    CJPEG_TOO_LARGE = 3,    /* width * height exceeds max_pixels; nothing was allocated */
    CJPEG_ZERO_SIZE = 4,    /* width or height is zero */
    CJPEG_UNSUPPORTED = 5,  /* colour space that cannot be converted to grey (CMYK, YCCK) */
    CJPEG_NO_MEMORY = 6
};

struct cjpeg_error_manager {
    struct jpeg_error_mgr base;  /* must be first */
    jmp_buf jump;
    int saw_eof;
    char message[JMSG_LENGTH_MAX];
};

static inline void cjpeg_error_exit(j_common_ptr info) {
    struct cjpeg_error_manager *manager = (struct cjpeg_error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->jump, 1);
}

static inline void cjpeg_emit_message(j_common_ptr info, int level) {
    struct cjpeg_error_manager *manager = (struct cjpeg_error_manager *)info->err;
    if (level < 0) {
        if (info->err->msg_code == JWRN_JPEG_EOF) manager->saw_eof = 1;
        info->err->num_warnings++;
    }
    /* Never print: the caller reports errors itself. */
}

/* A progressive JPEG with thousands of tiny scans makes decoding take minutes: stop after 500. */
static inline void cjpeg_progress(j_common_ptr info) {
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > 500) {
        struct cjpeg_error_manager *manager = (struct cjpeg_error_manager *)info->err;
        strcpy(manager->message, "too many progressive scans");
        longjmp(manager->jump, 1);
    }
}

/// Decodes a JPEG held in memory with the libjpeg functions of api to 8-bit grey, one byte per pixel, rows top to bottom.
/// The header is read and the pixel count checked against max_pixels before any pixel buffer
/// is allocated. On CJPEG_OK, *out_pixels is a malloc'd buffer of width * height bytes that the
/// caller frees with free(). message receives libjpeg's text on CJPEG_CORRUPT (JMSG_LENGTH_MAX bytes).
static inline int cjpeg_decode_gray(const struct cjpeg_api *api, const unsigned char *data, unsigned long size,
                                    unsigned long long max_pixels,
                                    unsigned char **out_pixels, unsigned int *out_width, unsigned int *out_height,
                                    char *message, size_t message_capacity) {
    struct jpeg_decompress_struct info;
    struct cjpeg_error_manager manager;
    struct jpeg_progress_mgr progress;
    unsigned char *volatile pixels = NULL;
    volatile int status = CJPEG_OK;

    *out_pixels = NULL;
    *out_width = 0;
    *out_height = 0;
    if (message_capacity > 0) message[0] = '\0';
    memset(&manager, 0, sizeof manager);
    info.err = api->jpeg_std_error(&manager.base);
    manager.base.error_exit = cjpeg_error_exit;
    manager.base.emit_message = cjpeg_emit_message;
    if (setjmp(manager.jump)) {
        if (message_capacity > 0) {
            strncpy(message, manager.message, message_capacity - 1);
            message[message_capacity - 1] = '\0';
        }
        int code = manager.base.msg_code;
        *out_width = info.image_width;
        *out_height = info.image_height;
        api->jpeg_destroy_decompress(&info);
        free(pixels);
        if (manager.saw_eof) return CJPEG_TRUNCATED;
        if (code == JERR_EMPTY_IMAGE) return CJPEG_ZERO_SIZE;
        if (code == JERR_IMAGE_TOO_BIG || code == JERR_WIDTH_OVERFLOW) return CJPEG_TOO_LARGE;
        return CJPEG_CORRUPT;
    }
    api->jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = cjpeg_progress;
    info.progress = &progress;
    api->jpeg_mem_src(&info, data, size);
    api->jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0) {
        status = CJPEG_ZERO_SIZE;
    } else if ((unsigned long long)info.image_width * info.image_height > max_pixels) {
        status = CJPEG_TOO_LARGE;
    } else if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        status = CJPEG_UNSUPPORTED;
    }
    if (status != CJPEG_OK) {
        *out_width = info.image_width;
        *out_height = info.image_height;
        api->jpeg_destroy_decompress(&info);
        return status;
    }
    info.out_color_space = JCS_GRAYSCALE;
    api->jpeg_start_decompress(&info);
    if (info.output_components != 1) {
        api->jpeg_destroy_decompress(&info);
        return CJPEG_UNSUPPORTED;
    }
    pixels = (unsigned char *)malloc((size_t)info.output_width * info.output_height);
    if (pixels == NULL) {
        api->jpeg_destroy_decompress(&info);
        return CJPEG_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * info.output_width;
        api->jpeg_read_scanlines(&info, &row, 1);
        if (manager.saw_eof) break;
    }
    if (manager.saw_eof) {
        api->jpeg_destroy_decompress(&info);
        free(pixels);
        return CJPEG_TRUNCATED;
    }
    api->jpeg_finish_decompress(&info);
    *out_width = info.output_width;
    *out_height = info.output_height;
    *out_pixels = pixels;
    api->jpeg_destroy_decompress(&info);
    return CJPEG_OK;
}
