#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>

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

/// Decodes a JPEG held in memory to 8-bit grey, one byte per pixel, rows top to bottom.
/// The header is read and the pixel count checked against max_pixels before any pixel buffer
/// is allocated. On CJPEG_OK, *out_pixels is a malloc'd buffer of width * height bytes that the
/// caller frees with free(). message receives libjpeg's text on CJPEG_CORRUPT (JMSG_LENGTH_MAX bytes).
static inline int cjpeg_decode_gray(const unsigned char *data, unsigned long size, unsigned long long max_pixels,
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
    info.err = jpeg_std_error(&manager.base);
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
        jpeg_destroy_decompress(&info);
        free(pixels);
        if (manager.saw_eof) return CJPEG_TRUNCATED;
        if (code == JERR_EMPTY_IMAGE) return CJPEG_ZERO_SIZE;
        if (code == JERR_IMAGE_TOO_BIG || code == JERR_WIDTH_OVERFLOW) return CJPEG_TOO_LARGE;
        return CJPEG_CORRUPT;
    }
    jpeg_create_decompress(&info);
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = cjpeg_progress;
    info.progress = &progress;
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
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
        jpeg_destroy_decompress(&info);
        return status;
    }
    info.out_color_space = JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    if (info.output_components != 1) {
        jpeg_destroy_decompress(&info);
        return CJPEG_UNSUPPORTED;
    }
    pixels = (unsigned char *)malloc((size_t)info.output_width * info.output_height);
    if (pixels == NULL) {
        jpeg_destroy_decompress(&info);
        return CJPEG_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * info.output_width;
        jpeg_read_scanlines(&info, &row, 1);
        if (manager.saw_eof) break;
    }
    if (manager.saw_eof) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        return CJPEG_TRUNCATED;
    }
    jpeg_finish_decompress(&info);
    *out_width = info.output_width;
    *out_height = info.output_height;
    *out_pixels = pixels;
    jpeg_destroy_decompress(&info);
    return CJPEG_OK;
}
