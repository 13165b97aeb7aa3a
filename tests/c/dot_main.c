/* tests/c/dot_main.c - runs the --emit=c of tests/numeric/dot_tiles.ttir once
 * (tests/c/compile.py builds it with -DKERNEL="dot_tiles.c").
 *
 * usage: dot_main A.npy B.npy C.npy OUT   (float32 .npy files, version 1)
 * Writes the kernel's two outputs (o[480], then z[480]) to OUT as raw floats. */
#include <stdio.h>
#include <stdlib.h>

#include KERNEL

/* the n floats of a version-1 .npy file */
static int read_npy(const char *path, float *d, size_t n) {
    FILE *f = fopen(path, "rb");
    unsigned char h[10];
    if (!f || fread(h, 1, 10, f) != 10 || h[6] != 1) return -1;
    if (fseek(f, 10 + (long)(h[8] | h[9] << 8), SEEK_SET) != 0 || fread(d, sizeof *d, n, f) != n) return -1;
    return fclose(f);
}

int main(int argc, char **argv) {
    static float a[48], b[640], c[480], o[480], z[480];
    if (argc != 5) { fprintf(stderr, "usage: dot_main A.npy B.npy C.npy OUT\n"); return 2; }
    if (read_npy(argv[1], a, 48) || read_npy(argv[2], b, 640) || read_npy(argv[3], c, 480)) {
        fprintf(stderr, "dot_main: cannot read the inputs\n");
        return 1;
    }
    dot_tiles(a, b, c, o, z, 3, 1, 1, 1, 0, 0, 0);
    FILE *f = fopen(argv[4], "wb");
    if (!f || fwrite(o, sizeof *o, 480, f) != 480 || fwrite(z, sizeof *z, 480, f) != 480 || fclose(f)) return 1;
    return 0;
}
