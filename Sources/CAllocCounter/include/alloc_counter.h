#ifndef KIOSK_ALLOC_COUNTER_H
#define KIOSK_ALLOC_COUNTER_H
// Counts heap allocations made by the whole process while counting is on. kiosk-bench
// links this so that "allocations per steady-state frame" is measured, not guessed.
void kiosk_alloc_counter_start(void);
long kiosk_alloc_counter_stop(void);
#endif
