// Interposes glibc's allocation entry points in the kiosk-bench executable. Symbols defined
// in the executable take precedence over libc's for every shared library too, so cairo,
// pixman and the Swift runtime are counted as well. Only the count is added; the real work
// is glibc's own (__libc_*), or the kernel's for mmap.
#include <stdatomic.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "alloc_counter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_long allocations;
static atomic_int counting;
static atomic_int paused;

static inline void count(void) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)
      && atomic_load_explicit(&paused, memory_order_relaxed) == 0)
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12; /* ENOMEM */
  *out = pointer;
  return 0;
}

// Anonymous mappings are allocations too: large pixel buffers take their pages straight
// from the kernel (KioskGraphics' PixelMemory). glibc's own malloc maps through an internal
// entry, not this symbol, so nothing is counted twice. The system call is what glibc's
// mmap makes (-1 with errno set on failure, which is MAP_FAILED).
void *mmap(void *address, size_t length, int protection, int flags, int descriptor,
           off_t offset) {
  if (flags & MAP_ANONYMOUS) count();
  return (void *)syscall(SYS_mmap, address, length, protection, flags, descriptor, offset);
}

void kiosk_alloc_counter_start(void) {
  atomic_store(&allocations, 0);
  atomic_store(&counting, 1);
}

long kiosk_alloc_counter_stop(void) {
  atomic_store(&counting, 0);
  return atomic_load(&allocations);
}

void kiosk_alloc_counter_pause(void) { atomic_fetch_add(&paused, 1); }

void kiosk_alloc_counter_resume(void) { atomic_fetch_sub(&paused, 1); }
