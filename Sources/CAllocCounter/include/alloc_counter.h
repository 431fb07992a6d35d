#ifndef KIOSK_ALLOC_COUNTER_H
#define KIOSK_ALLOC_COUNTER_H
// Counts heap allocations made by the whole process while counting is on. kiosk-bench
// links this so that "allocations per steady-state frame" is measured, not guessed.
void kiosk_alloc_counter_start(void);
long kiosk_alloc_counter_stop(void);
// Brackets work whose allocations are not counted (nested pairs allowed): kiosk-bench
// pauses the count while pango and cairo shape and draw text.
void kiosk_alloc_counter_pause(void);
void kiosk_alloc_counter_resume(void);
#endif
