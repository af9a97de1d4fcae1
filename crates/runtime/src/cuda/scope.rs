//! Thread-local scopes per device: what `Device::with_allocator` and `Device::with_stream` open.
//!
//! A scope holds a value for one device ordinal on the calling thread while a closure runs;
//! scopes nest (the innermost for an ordinal wins), other ordinals and other threads are not
//! affected, and a scope closes when its closure returns or unwinds. Thread-local because a
//! registry call runs on its caller's thread: another thread's work on the same device must not
//! see this caller's allocator or stream.

use std::cell::RefCell;
use std::thread::LocalKey;

/// The scopes of one kind open on a thread, innermost last: (device ordinal, value).
pub(crate) type Scopes<T> = RefCell<Vec<(usize, T)>>;

/// Runs `f` with `value` as the innermost scope of `scopes` for device `ordinal`.
pub(crate) fn scoped<T: 'static, R>(
    scopes: &'static LocalKey<Scopes<T>>,
    ordinal: usize,
    value: T,
    f: impl FnOnce() -> R,
) -> R {
    struct Close<T: 'static>(&'static LocalKey<Scopes<T>>);
    impl<T: 'static> Drop for Close<T> {
        fn drop(&mut self) {
            self.0.with(|s| s.borrow_mut().pop());
        }
    }
    scopes.with(|s| s.borrow_mut().push((ordinal, value)));
    let _close = Close(scopes);
    f()
}

/// The value of the innermost scope of `scopes` open on this thread for device `ordinal` (`None`
/// also once the thread's locals are gone).
pub(crate) fn innermost<T: Clone + 'static>(
    scopes: &'static LocalKey<Scopes<T>>,
    ordinal: usize,
) -> Option<T> {
    innermost_where(scopes, ordinal, |_| true)
}

/// [`innermost`] among the scopes whose value `keep` accepts.
pub(crate) fn innermost_where<T: Clone + 'static>(
    scopes: &'static LocalKey<Scopes<T>>,
    ordinal: usize,
    keep: impl Fn(&T) -> bool,
) -> Option<T> {
    // `try_with`: a buffer dropped while the thread's locals are being destroyed (one held in
    // another thread-local) finds no scope instead of panicking in its `Drop`.
    scopes
        .try_with(|s| {
            s.borrow()
                .iter()
                .rev()
                .find(|(o, v)| *o == ordinal && keep(v))
                .map(|(_, v)| v.clone())
        })
        .ok()
        .flatten()
}

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;

    thread_local! {
        static NAMES: Scopes<&'static str> = const { RefCell::new(Vec::new()) };
    }

    fn current(ordinal: usize) -> Option<&'static str> {
        innermost(&NAMES, ordinal)
    }

    #[test]
    fn scopes_nest_per_device_and_thread_and_close_on_unwind() {
        assert_eq!(current(0), None);
        scoped(&NAMES, 0, "a", || {
            assert_eq!(current(0), Some("a"));
            assert_eq!(current(1), None, "another device has no scope");
            scoped(&NAMES, 1, "b", || {
                scoped(&NAMES, 0, "c", || {
                    assert_eq!((current(0), current(1)), (Some("c"), Some("b")));
                });
                assert_eq!((current(0), current(1)), (Some("a"), Some("b")));
            });
            let other = std::thread::spawn(|| current(0)).join().expect("thread");
            assert_eq!(other, None, "another thread has no scope");
            let unwound = std::panic::catch_unwind(|| {
                scoped(&NAMES, 0, "d", || panic!("unwinding on purpose"))
            });
            assert!(unwound.is_err());
            assert_eq!(current(0), Some("a"), "the unwound scope closed");
        });
        assert_eq!(current(0), None);
    }
}
