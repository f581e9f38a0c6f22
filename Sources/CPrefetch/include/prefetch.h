#ifndef INTENTKIT_PREFETCH_H
#define INTENTKIT_PREFETCH_H

// A software prefetch for Swift, which has none of its own: the parse's weight lookups issue
// one per row they will read, a batch ahead, so that their cache misses overlap instead of
// following one another.

/// Starts loading the cache line of `address` for reading; never faults, whatever the address.
static inline void ik_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
