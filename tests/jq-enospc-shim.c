/* A disk that fills up, for tests: preloaded (LD_PRELOAD) into a test,
 * it makes write() and writev() to files under one directory fail with
 * ENOSPC once a number of bytes have gone there, as a full disk would,
 * after a short write that fills the last of the space. Off until the test
 * calls jq_enospc_shim_set (found with dlsym), so everything else the
 * process writes is untouched. */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

typedef ssize_t (*WriteFn)(int, const void *, size_t);
typedef ssize_t (*WritevFn)(int, const struct iovec *, int);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char watched[PATH_MAX]; /* "" = off */
static size_t space;           /* bytes left under `watched` */
static atomic_bool enabled;

void jq_enospc_shim_set(const char *dir, long bytes);
long jq_enospc_shim_refused(void);

static atomic_long refused; /* writes refused so far */

/* Off with dir NULL; else `bytes` more bytes fit under dir. */
void jq_enospc_shim_set(const char *dir, long bytes) {
  pthread_mutex_lock(&lock);
  if (dir && strlen(dir) < sizeof watched) {
    strcpy(watched, dir);
    space = bytes > 0 ? (size_t)bytes : 0;
    atomic_store(&enabled, true);
  } else {
    watched[0] = '\0';
    atomic_store(&enabled, false);
  }
  pthread_mutex_unlock(&lock);
}

long jq_enospc_shim_refused(void) { return atomic_load(&refused); }

/* Is fd a file under the watched directory? Called locked. */
static bool watched_fd(int fd) {
  char link[64], path[PATH_MAX];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0)
    return false;
  path[n] = '\0';
  size_t len = strlen(watched);
  return strncmp(path, watched, len) == 0 && path[len] == '/';
}

/* How many of `want` bytes may be written to fd: all when fd is not
 * watched, else what space is left (taken from it). -1: none, ENOSPC. */
static ssize_t allowance(int fd, size_t want) {
  if (!atomic_load(&enabled) || want == 0)
    return (ssize_t)want;
  pthread_mutex_lock(&lock);
  ssize_t allowed = (ssize_t)want;
  if (watched[0] && watched_fd(fd)) {
    if (space == 0) {
      allowed = -1;
      atomic_fetch_add(&refused, 1);
    } else {
      if (want > space)
        allowed = (ssize_t)space;
      space -= (size_t)allowed;
    }
  }
  pthread_mutex_unlock(&lock);
  return allowed;
}

ssize_t write(int fd, const void *buf, size_t count) {
  static WriteFn real;
  if (!real)
    real = (WriteFn)dlsym(RTLD_NEXT, "write");
  ssize_t allowed = allowance(fd, count);
  if (allowed < 0) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd, buf, (size_t)allowed);
}

ssize_t writev(int fd, const struct iovec *iov, int iovcnt) {
  static WritevFn real;
  if (!real)
    real = (WritevFn)dlsym(RTLD_NEXT, "writev");
  size_t total = 0;
  for (int i = 0; i < iovcnt; i++)
    total += iov[i].iov_len;
  ssize_t allowed = allowance(fd, total);
  if (allowed < 0) {
    errno = ENOSPC;
    return -1;
  }
  if ((size_t)allowed == total)
    return real(fd, iov, iovcnt);
  /* A short write: the part of the vectors that fits, in order. */
  struct iovec part[64];
  int n = 0;
  size_t left = (size_t)allowed;
  for (int i = 0; i < iovcnt && left > 0 && n < 64; i++) {
    part[n].iov_base = iov[i].iov_base;
    part[n].iov_len = iov[i].iov_len < left ? iov[i].iov_len : left;
    left -= part[n].iov_len;
    n++;
  }
  return real(fd, part, n);
}
