;; The check of a filtered `--json` replay's fast path (see json_check.ts): whether
;; one line of a log is valid JSON written exactly as JSON.stringify writes its value
;; (well-formed UTF-8 included), without parsing it into objects; and the byte searches
;; of the readers (newlines, needles). `deno task build-wasm` assembles it into
;; json_check_wasm.ts; a test fails while that is stale.
(module
  (memory (export "memory") 48)
  ;; 8192..8447: 1 for the bytes a string cannot hold as they are (control, quote, backslash,
  ;; non-ASCII); 8448..8703: 1 for the characters of a short escape after a backslash.
  (data (i32.const 8192) "\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\00\00\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01\01")
  (data (i32.const 8448) "\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\00\00\00\00\00\01\00\00\00\01\00\00\00\00\00\00\00\01\00\00\00\01\00\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00")
  ;; 0..4095: results: where the values of the depth-2 keys "type" and "run" start (at 0
  ;; and 4; 0 when there is none), where the characters of depth-2 key i start and end
  ;; (at 8 + 8i and 12 + 8i), and those of the outermost object's key i (at 2048 + 8i and
  ;; 2052 + 8i);
  ;; 4096..4351: the nesting stack (the opening byte of each open container); 4352..4415
  ;; and 4416..4479: the last "type" and "run" strings seen (see $sameValue); 4480..5483:
  ;; where each open container's keys start on the key stack (at 4480 + 4 * depth);
  ;; 8704..16383: the key stack, the keys of the open objects at depth 3 or more (each
  ;; key's start and end at 8704 + 8i and 8708 + 8i).
  (global $keys1 (mut i32) (i32.const 0))
  (func (export "keys1") (result i32) (global.get $keys1))
  (global $same (mut i32) (i32.const 0))
  ;; Of the last check: bits 0-1 for "type", 2-3 for "run", each 1 when the value is the
  ;; same string as at the last check that said so, 2 when it is a string that changed.
  (func (export "same") (result i32) (global.get $same))

  ;; A string value at $at (its opening quote; 0: none) compared with the one kept at
  ;; $slot (its length, then up to 60 characters): 1 when they are equal, 2 when they
  ;; differ (the new one is kept), 0 when it is not a plain string of at most 60
  ;; characters.
  (func $sameValue (param $at i32) (param $slot i32) (result i32)
    (local $p i32) (local $len i32) (local $c i32) (local $k i32)
    (if (i32.eqz (local.get $at)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load8_u (local.get $at)) (i32.const 34)) (then (return (i32.const 0))))
    (local.set $p (i32.add (local.get $at) (i32.const 1)))
    (block $end
      (loop $chars
        (local.set $c (i32.load8_u (i32.add (local.get $p) (local.get $len))))
        (br_if $end (i32.eq (local.get $c) (i32.const 34)))
        (if (i32.or (i32.eq (local.get $c) (i32.const 92)) (i32.ge_u (local.get $len) (i32.const 60)))
          (then (return (i32.const 0))))
        (local.set $len (i32.add (local.get $len) (i32.const 1)))
        (br $chars)))
    (block $differ
      (br_if $differ (i32.ne (i32.load (local.get $slot)) (local.get $len)))
      (loop $cmp
        (if (i32.ge_u (local.get $k) (local.get $len)) (then (return (i32.const 1))))
        (br_if $differ (i32.ne (i32.load8_u (i32.add (local.get $p) (local.get $k)))
          (i32.load8_u (i32.add (i32.add (local.get $slot) (i32.const 4)) (local.get $k)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $cmp)))
    (i32.store (local.get $slot) (local.get $len))
    (memory.copy (i32.add (local.get $slot) (i32.const 4)) (local.get $p) (local.get $len))
    (i32.const 2))

  ;; A string's body from $p (just after its opening quote): the index after its
  ;; closing quote, or -1. Escapes only as JSON.stringify writes them.
  (func $str (param $p i32) (param $e i32) (result i32)
    (local $c i32) (local $x i32) (local $v v128) (local $m i32)
    (block $fail
      (loop $next
        ;; Plain characters: 16 at a time, to the first that is not plain; one
        ;; table look-up each near the end.
        (block $special
          (loop $plain
            (if (i32.le_u (i32.add (local.get $p) (i32.const 16)) (local.get $e))
              (then
                (local.set $v (v128.load (local.get $p)))
                (local.set $m (i8x16.bitmask (v128.or
                  (v128.or (i8x16.eq (local.get $v) (v128.const i8x16 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34))
                    (i8x16.eq (local.get $v) (v128.const i8x16 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92)))
                  (v128.or (i8x16.lt_u (local.get $v) (v128.const i8x16 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32))
                    (i8x16.gt_u (local.get $v) (v128.const i8x16 126 126 126 126 126 126 126 126 126 126 126 126 126 126 126 126))))))
                (if (i32.eqz (local.get $m))
                  (then (local.set $p (i32.add (local.get $p) (i32.const 16))) (br $plain)))
                (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $m))))
                (br $special)))
            (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
            (br_if $special (i32.load8_u (i32.add (i32.const 8192) (i32.load8_u (local.get $p)))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $plain)))
        (local.set $c (i32.load8_u (local.get $p)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (if (i32.eq (local.get $c) (i32.const 34)) (then (return (local.get $p))))
        ;; DEL and UTF-8: JSON.stringify writes them as they are (a well-formed
        ;; sequence; overlong forms, surrogates and bytes past U+10FFFF are not).
        (if (i32.ge_u (local.get $c) (i32.const 127))
          (then
            (local.set $p (call $utf8 (local.get $c) (local.get $p) (local.get $e)))
            (br_if $fail (i32.lt_s (local.get $p) (i32.const 0)))
            (br $next)))
        (br_if $fail (i32.ne (local.get $c) (i32.const 92)))
        ;; An escape.
        (block
          (block
            (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
            (local.set $c (i32.load8_u (local.get $p)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (if (i32.eq (local.get $c) (i32.const 117))
              (then
                (br_if $fail (i32.gt_u (i32.add (local.get $p) (i32.const 4)) (local.get $e)))
                ;; \ud800 to \udfff (lowercase): a lone surrogate, as JSON.stringify
                ;; escapes it; an escaped pair is not its form (it writes the character).
                (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 100))
                  (then
                    (local.set $c (i32.load8_u (i32.add (local.get $p) (i32.const 1))))
                    (br_if $fail (i32.eqz (i32.or
                      (i32.and (i32.ge_u (local.get $c) (i32.const 56)) (i32.le_u (local.get $c) (i32.const 57)))
                      (i32.and (i32.ge_u (local.get $c) (i32.const 97)) (i32.le_u (local.get $c) (i32.const 102))))))
                    (br_if $fail (i32.eqz (call $hex (i32.load8_u (i32.add (local.get $p) (i32.const 2))))))
                    (br_if $fail (i32.eqz (call $hex (i32.load8_u (i32.add (local.get $p) (i32.const 3))))))
                    (if (i32.le_u (local.get $c) (i32.const 98))
                      (then
                        ;; A high surrogate followed by an escaped low one.
                        (if (i32.le_u (i32.add (local.get $p) (i32.const 8)) (local.get $e))
                          (then
                            (br_if $fail (i32.and
                              (i32.eq (i32.and (i32.load (i32.add (local.get $p) (i32.const 4))) (i32.const 0xffffff))
                                (i32.const 0x64755c))
                              (i32.and (i32.ge_u (i32.load8_u (i32.add (local.get $p) (i32.const 7))) (i32.const 99))
                                (i32.le_u (i32.load8_u (i32.add (local.get $p) (i32.const 7))) (i32.const 102)))))))))
                    (local.set $p (i32.add (local.get $p) (i32.const 4)))
                    (br $next)))
                (br_if $fail (i32.ne (i32.load16_u (local.get $p)) (i32.const 0x3030)))
                (local.set $c (i32.load8_u (i32.add (local.get $p) (i32.const 2))))
                (local.set $x (i32.load8_u (i32.add (local.get $p) (i32.const 3))))
                (if (i32.eq (local.get $c) (i32.const 48))
                  (then
                    (br_if $fail (i32.eqz (i32.or
                      (i32.and (i32.ge_u (local.get $x) (i32.const 48)) (i32.le_u (local.get $x) (i32.const 55)))
                      (i32.or (i32.eq (local.get $x) (i32.const 98))
                        (i32.or (i32.eq (local.get $x) (i32.const 101)) (i32.eq (local.get $x) (i32.const 102))))))))
                  (else
                    (br_if $fail (i32.ne (local.get $c) (i32.const 49)))
                    (br_if $fail (i32.eqz (i32.or
                      (i32.and (i32.ge_u (local.get $x) (i32.const 48)) (i32.le_u (local.get $x) (i32.const 57)))
                      (i32.and (i32.ge_u (local.get $x) (i32.const 97)) (i32.le_u (local.get $x) (i32.const 102))))))))
                (local.set $p (i32.add (local.get $p) (i32.const 4))))
              (else
                ;; " \ b f n r t
                (br_if $fail (i32.eqz (i32.load8_u (i32.add (i32.const 8448) (local.get $c)))))))))
        (br $next)))
    (i32.const -1))

  ;; Whether $c is a lowercase hexadecimal digit.
  (func $hex (param $c i32) (result i32)
    (i32.or (i32.le_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 9))
      (i32.le_u (i32.sub (local.get $c) (i32.const 97)) (i32.const 5))))

  ;; A character of 127 or above whose first byte $c was read (its other bytes from $p):
  ;; the index after it, or -1 when it is not well-formed UTF-8.
  (func $utf8 (param $c i32) (param $p i32) (param $e i32) (result i32)
    (local $lo i32) (local $hi i32) (local $n i32) (local $b i32)
    (if (i32.eq (local.get $c) (i32.const 127)) (then (return (local.get $p))))
    (local.set $lo (i32.const 0x80))
    (local.set $hi (i32.const 0xbf))
    (block $fail
      (br_if $fail (i32.lt_u (local.get $c) (i32.const 0xc2)))
      (if (i32.lt_u (local.get $c) (i32.const 0xe0))
        (then (local.set $n (i32.const 1)))
        (else
          (if (i32.lt_u (local.get $c) (i32.const 0xf0))
            (then
              (local.set $n (i32.const 2))
              (if (i32.eq (local.get $c) (i32.const 0xe0)) (then (local.set $lo (i32.const 0xa0))))
              (if (i32.eq (local.get $c) (i32.const 0xed)) (then (local.set $hi (i32.const 0x9f)))))
            (else
              (br_if $fail (i32.gt_u (local.get $c) (i32.const 0xf4)))
              (local.set $n (i32.const 3))
              (if (i32.eq (local.get $c) (i32.const 0xf0)) (then (local.set $lo (i32.const 0x90))))
              (if (i32.eq (local.get $c) (i32.const 0xf4)) (then (local.set $hi (i32.const 0x8f))))))))
      (br_if $fail (i32.gt_u (i32.add (local.get $p) (local.get $n)) (local.get $e)))
      ;; The first continuation byte has the bounds above, the others 80..BF.
      (local.set $b (i32.load8_u (local.get $p)))
      (br_if $fail (i32.or (i32.lt_u (local.get $b) (local.get $lo)) (i32.gt_u (local.get $b) (local.get $hi))))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (local.set $n (i32.sub (local.get $n) (i32.const 1)))
      (block $done
        (loop $more
          (br_if $done (i32.eqz (local.get $n)))
          (br_if $fail (i32.ne (i32.and (i32.load8_u (local.get $p)) (i32.const 0xc0)) (i32.const 0x80)))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (local.set $n (i32.sub (local.get $n) (i32.const 1)))
          (br $more)))
      (return (local.get $p)))
    (i32.const -1))

  ;; The first newline in [$p, $e): its index, or -1. 16 bytes at a time.
  (func (export "eol") (param $p i32) (param $e i32) (result i32)
    (local $m i32)
    (block $tail
      (loop $blocks
        (br_if $tail (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $e)))
        (local.set $m (i8x16.bitmask (i8x16.eq (v128.load (local.get $p))
          (v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10))))
        (if (local.get $m) (then (return (i32.add (local.get $p) (i32.ctz (local.get $m))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $blocks)))
    (block $none
      (loop $bytes
        (br_if $none (i32.ge_u (local.get $p) (local.get $e)))
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 10)) (then (return (local.get $p))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $bytes)))
    (i32.const -1))

  ;; The start of the line that holds byte $p: just after the last newline in [$s, $p),
  ;; or $s. 16 bytes at a time, backwards.
  (func (export "sol") (param $s i32) (param $p i32) (result i32)
    (local $m i32)
    (block $tail
      (loop $blocks
        (br_if $tail (i32.lt_u (i32.sub (local.get $p) (local.get $s)) (i32.const 16)))
        (local.set $m (i8x16.bitmask (i8x16.eq (v128.load (i32.sub (local.get $p) (i32.const 16)))
          (v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10))))
        (if (local.get $m)
          (then (return (i32.sub (i32.add (local.get $p) (i32.const 16)) (i32.clz (local.get $m))))))
        (local.set $p (i32.sub (local.get $p) (i32.const 16)))
        (br $blocks)))
    (block $none
      (loop $bytes
        (br_if $none (i32.le_u (local.get $p) (local.get $s)))
        (if (i32.eq (i32.load8_u (i32.sub (local.get $p) (i32.const 1))) (i32.const 10))
          (then (return (local.get $p))))
        (local.set $p (i32.sub (local.get $p) (i32.const 1)))
        (br $bytes)))
    (local.get $s))

  ;; The first place in [$p, $e) where the $len bytes at $n (at least 3) are: its
  ;; index, or -1. Blocks of 16 are tested for the needle's second and second-last
  ;; bytes at their distance, and each place that has both is compared in full.
  (func (export "find") (param $p i32) (param $e i32) (param $n i32) (param $len i32) (result i32)
    (local $m i32) (local $a v128) (local $b v128) (local $d i32) (local $i i32) (local $k i32)
    (local $last i32)
    (local.set $a (i8x16.splat (i32.load8_u (i32.add (local.get $n) (i32.const 1)))))
    (local.set $b (i8x16.splat (i32.load8_u (i32.add (local.get $n) (i32.sub (local.get $len) (i32.const 2))))))
    (local.set $d (i32.sub (local.get $len) (i32.const 3)))
    ;; The last place a needle can start.
    (local.set $last (i32.sub (local.get $e) (local.get $len)))
    (block $tail
      (loop $blocks
        ;; The blocks read [$p + 1, $p + 17) and [$p + 1 + $d, $p + 17 + $d).
        (br_if $tail (i32.gt_s (i32.add (local.get $p) (i32.const 15)) (local.get $last)))
        (local.set $m (i8x16.bitmask (v128.and
          (i8x16.eq (v128.load (i32.add (local.get $p) (i32.const 1))) (local.get $a))
          (i8x16.eq (v128.load (i32.add (i32.add (local.get $p) (i32.const 1)) (local.get $d))) (local.get $b)))))
        (block $nomore
          (loop $cands
            (br_if $nomore (i32.eqz (local.get $m)))
            (local.set $i (i32.add (local.get $p) (i32.ctz (local.get $m))))
            (local.set $k (i32.const 0))
            (block $differ
              (loop $cmp
                (if (i32.ge_u (local.get $k) (local.get $len)) (then (return (local.get $i))))
                (br_if $differ (i32.ne (i32.load8_u (i32.add (local.get $i) (local.get $k)))
                  (i32.load8_u (i32.add (local.get $n) (local.get $k)))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $cmp)))
            (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
            (br $cands)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $blocks)))
    (block $none
      (loop $places
        (br_if $none (i32.gt_s (local.get $p) (local.get $last)))
        (local.set $k (i32.const 0))
        (block $differ
          (loop $cmp
            (if (i32.ge_u (local.get $k) (local.get $len)) (then (return (local.get $p))))
            (br_if $differ (i32.ne (i32.load8_u (i32.add (local.get $p) (local.get $k)))
              (i32.load8_u (i32.add (local.get $n) (local.get $k)))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $cmp)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $places)))
    (i32.const -1))

  ;; Copies $len bytes from $src to $dst (they may overlap).
  (func (export "copy") (param $dst i32) (param $src i32) (param $len i32)
    (memory.copy (local.get $dst) (local.get $src) (local.get $len)))

  ;; A number from $p: the index after it, or -1. Only integers of 1 to 15 digits
  ;; without a leading zero (and not -0): what JSON.stringify writes for them.
  (func $num (param $p i32) (param $e i32) (result i32)
    (local $c i32) (local $start i32) (local $neg i32)
    (block $fail
      (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 45))
        (then (local.set $neg (i32.const 1)) (local.set $p (i32.add (local.get $p) (i32.const 1)))))
      (local.set $start (local.get $p))
      (block $done
        (loop $digits
          (br_if $done (i32.ge_u (local.get $p) (local.get $e)))
          (local.set $c (i32.load8_u (local.get $p)))
          (br_if $done (i32.gt_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 9)))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (br $digits)))
      (local.set $c (i32.sub (local.get $p) (local.get $start)))
      (br_if $fail (i32.or (i32.eqz (local.get $c)) (i32.gt_u (local.get $c) (i32.const 15))))
      (if (i32.eq (i32.load8_u (local.get $start)) (i32.const 48))
        (then (br_if $fail (i32.or (i32.gt_u (local.get $c) (i32.const 1)) (local.get $neg)))))
      (if (i32.lt_u (local.get $p) (local.get $e))
        (then
          (local.set $c (i32.load8_u (local.get $p)))
          (br_if $fail (i32.or (i32.eq (local.get $c) (i32.const 46))
            (i32.or (i32.eq (local.get $c) (i32.const 101)) (i32.eq (local.get $c) (i32.const 69)))))))
      (return (local.get $p)))
    (i32.const -1))

  ;; Whether one of keys $i..$n-1 of a key list (each key's start and end at $base + 8i
  ;; and $base + 4 + 8i) has the $len characters at $q.
  (func $seen (param $base i32) (param $i i32) (param $n i32) (param $q i32) (param $len i32)
    (result i32)
    (local $a i32) (local $k i32)
    (block $none
      (loop $keys
        (br_if $none (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $a (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 3)))))
        (if (i32.eq (local.get $len)
              (i32.sub (i32.load (i32.add (i32.add (local.get $base) (i32.const 4))
                  (i32.shl (local.get $i) (i32.const 3))))
                (local.get $a)))
          (then
            (local.set $k (i32.const 0))
            (block $differ
              (loop $bytes
                (if (i32.ge_u (local.get $k) (local.get $len)) (then (return (i32.const 1))))
                (br_if $differ (i32.ne (i32.load8_u (i32.add (local.get $a) (local.get $k)))
                  (i32.load8_u (i32.add (local.get $q) (local.get $k)))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $bytes)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $keys)))
    (i32.const 0))

  ;; Whether bytes [$p, $e) start with the 4 or 5 bytes of a literal.
  (func $lit (param $p i32) (param $e i32) (result i32)
    (local $c i32)
    (local.set $c (i32.load8_u (local.get $p)))
    (if (i32.eq (local.get $c) (i32.const 116))
      (then (return (select (i32.add (local.get $p) (i32.const 4)) (i32.const -1)
        (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 4)) (local.get $e))
          (i32.eq (i32.load (local.get $p)) (i32.const 0x65757274)))))))
    (if (i32.eq (local.get $c) (i32.const 110))
      (then (return (select (i32.add (local.get $p) (i32.const 4)) (i32.const -1)
        (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 4)) (local.get $e))
          (i32.eq (i32.load (local.get $p)) (i32.const 0x6c6c756e)))))))
    (if (i32.eq (local.get $c) (i32.const 102))
      (then (return (select (i32.add (local.get $p) (i32.const 5)) (i32.const -1)
        (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 5)) (local.get $e))
          (i32.and (i32.eq (i32.load (local.get $p)) (i32.const 0x736c6166))
            (i32.eq (i32.load8_u (i32.add (local.get $p) (i32.const 4))) (i32.const 101))))))))
    (i32.const -1))

  ;; Checks bytes [$s, $e) (one line, without its newline): valid JSON written exactly
  ;; as JSON.stringify writes its value, well-formed UTF-8, with no key made only of digits
  ;; (V8 orders such keys first), and no key twice in one object at any depth (JSON.parse
  ;; keeps the last value). Returns how many keys the objects at depth 2 have (at most 64;
  ;; where they are in the results), or -1 when it is not sure. keys1() then tells how
  ;; many keys the outermost object has.
  (func (export "check") (param $s i32) (param $e i32) (result i32)
    (local $p i32) (local $c i32) (local $d i32) (local $n i32) (local $state i32) (local $q i32)
    (local $first i32) (local $kt i32)
    (local.set $p (local.get $s))
    (global.set $keys1 (i32.const 0))
    (i64.store (i32.const 0) (i64.const 0))
    (block $fail
      (loop $main
        (if (i32.eqz (local.get $state))
          (then
            ;; A value.
            (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
            (local.set $c (i32.load8_u (local.get $p)))
            (local.set $state (i32.const 1))
            (if (i32.eq (local.get $c) (i32.const 34))
              (then (local.set $p (call $str (i32.add (local.get $p) (i32.const 1)) (local.get $e))))
              (else
                (if (i32.or (i32.eq (local.get $c) (i32.const 123)) (i32.eq (local.get $c) (i32.const 91)))
                  (then
                    (br_if $fail (i32.ge_u (local.get $d) (i32.const 250)))
                    (i32.store8 (i32.add (i32.const 4096) (local.get $d)) (local.get $c))
                    (local.set $d (i32.add (local.get $d) (i32.const 1)))
                    ;; The keys of a container at depth 3 or more start here in the key stack.
                    (i32.store (i32.add (i32.const 4480) (i32.shl (local.get $d) (i32.const 2)))
                      (local.get $kt))
                    ;; The keys of an object at depth 2 start here in the results.
                    (if (i32.eq (local.get $d) (i32.const 2)) (then (local.set $first (local.get $n))))
                    (local.set $p (i32.add (local.get $p) (i32.const 1)))
                    (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
                    (if (i32.eq (i32.load8_u (local.get $p)) (i32.add (local.get $c) (i32.const 2)))
                      (then
                        ;; {} or []
                        (local.set $d (i32.sub (local.get $d) (i32.const 1)))
                        (local.set $p (i32.add (local.get $p) (i32.const 1))))
                      (else
                        (local.set $state (select (i32.const 2) (i32.const 0)
                          (i32.eq (local.get $c) (i32.const 123)))))))
                  (else
                    (if (i32.or (i32.eq (local.get $c) (i32.const 45))
                          (i32.le_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 9)))
                      (then (local.set $p (call $num (local.get $p) (local.get $e))))
                      (else (local.set $p (call $lit (local.get $p) (local.get $e)))))))))
            (br_if $fail (i32.lt_s (local.get $p) (i32.const 0)))
            (br $main)))
        (if (i32.eq (local.get $state) (i32.const 2))
          (then
            ;; A key and its colon.
            (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
            (br_if $fail (i32.ne (i32.load8_u (local.get $p)) (i32.const 34)))
            (local.set $q (i32.add (local.get $p) (i32.const 1)))
            (local.set $p (call $str (local.get $q) (local.get $e)))
            (br_if $fail (i32.lt_s (local.get $p) (i32.const 0)))
            (if (i32.eq (local.get $d) (i32.const 1))
              (then
                ;; The outermost object's keys, each once (JSON.parse keeps the last).
                (br_if $fail (i32.ge_u (global.get $keys1) (i32.const 64)))
                (br_if $fail (call $seen (i32.const 2048) (i32.const 0) (global.get $keys1)
                  (local.get $q) (i32.sub (i32.sub (local.get $p) (i32.const 1)) (local.get $q))))
                (i32.store (i32.add (i32.const 2048) (i32.shl (global.get $keys1) (i32.const 3)))
                  (local.get $q))
                (i32.store (i32.add (i32.const 2052) (i32.shl (global.get $keys1) (i32.const 3)))
                  (i32.sub (local.get $p) (i32.const 1)))
                (global.set $keys1 (i32.add (global.get $keys1) (i32.const 1)))))
            (if (i32.eq (local.get $d) (i32.const 2))
              (then
                ;; A key twice in one object: JSON.parse keeps the last.
                (br_if $fail (call $seen (i32.const 8) (local.get $first) (local.get $n) (local.get $q)
                  (i32.sub (i32.sub (local.get $p) (i32.const 1)) (local.get $q))))
                ;; Where the key's characters start and end.
                (br_if $fail (i32.ge_u (local.get $n) (i32.const 64)))
                (i32.store (i32.add (i32.const 8) (i32.shl (local.get $n) (i32.const 3))) (local.get $q))
                (i32.store (i32.add (i32.const 12) (i32.shl (local.get $n) (i32.const 3)))
                  (i32.sub (local.get $p) (i32.const 1)))
                (local.set $n (i32.add (local.get $n) (i32.const 1)))
                ;; Where the values of "type" and "run" start (after the colon).
                (if (i32.and (i32.eq (i32.sub (local.get $p) (local.get $q)) (i32.const 5))
                      (i32.eq (i32.load (local.get $q)) (i32.const 0x65707974)))
                  (then (i32.store (i32.const 0) (i32.add (local.get $p) (i32.const 1)))))
                (if (i32.and (i32.eq (i32.sub (local.get $p) (local.get $q)) (i32.const 4))
                      (i32.and (i32.eq (i32.load16_u (local.get $q)) (i32.const 0x7572))
                        (i32.eq (i32.load8_u (i32.add (local.get $q) (i32.const 2))) (i32.const 110))))
                  (then (i32.store (i32.const 4) (i32.add (local.get $p) (i32.const 1)))))))
            (if (i32.ge_u (local.get $d) (i32.const 3))
              (then
                ;; Deeper, a key twice in one object too: on the key stack, the keys of
                ;; the open objects, this one's from $c. At most 64 keys in one object
                ;; (a bound on the comparisons) and 960 open at once.
                (local.set $c (i32.load (i32.add (i32.const 4480) (i32.shl (local.get $d) (i32.const 2)))))
                (br_if $fail (i32.ge_u (i32.sub (local.get $kt) (local.get $c)) (i32.const 64)))
                (br_if $fail (i32.ge_u (local.get $kt) (i32.const 960)))
                (br_if $fail (call $seen (i32.const 8704) (local.get $c) (local.get $kt) (local.get $q)
                  (i32.sub (i32.sub (local.get $p) (i32.const 1)) (local.get $q))))
                (i32.store (i32.add (i32.const 8704) (i32.shl (local.get $kt) (i32.const 3))) (local.get $q))
                (i32.store (i32.add (i32.const 8708) (i32.shl (local.get $kt) (i32.const 3)))
                  (i32.sub (local.get $p) (i32.const 1)))
                (local.set $kt (i32.add (local.get $kt) (i32.const 1)))))
            ;; A key of digits only: V8 puts such keys first, so the text may not be in order.
            (if (i32.le_u (i32.sub (i32.load8_u (local.get $q)) (i32.const 48)) (i32.const 9))
              (then
                (local.set $c (local.get $q))
                (block $nondigit
                  (loop $dig
                    (br_if $fail (i32.ge_u (i32.add (local.get $c) (i32.const 1)) (local.get $p)))
                    (br_if $nondigit (i32.gt_u (i32.sub (i32.load8_u (local.get $c)) (i32.const 48)) (i32.const 9)))
                    (local.set $c (i32.add (local.get $c) (i32.const 1)))
                    (br $dig)))))
            (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
            (br_if $fail (i32.ne (i32.load8_u (local.get $p)) (i32.const 58)))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (local.set $state (i32.const 0))
            (br $main)))
        ;; After a value.
        (if (i32.eqz (local.get $d))
          (then
            (br_if $fail (i32.ne (local.get $p) (local.get $e)))
            ;; Whether "type" and "run" are strings equal to those of the last line seen.
            (global.set $same (i32.or
              (call $sameValue (i32.load (i32.const 0)) (i32.const 4352))
              (i32.shl (call $sameValue (i32.load (i32.const 4)) (i32.const 4416)) (i32.const 2))))
            (return (local.get $n))))
        (br_if $fail (i32.ge_u (local.get $p) (local.get $e)))
        (local.set $c (i32.load8_u (local.get $p)))
        (local.set $q (i32.load8_u (i32.add (i32.const 4095) (local.get $d))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (if (i32.eq (local.get $c) (i32.const 44))
          (then
            (local.set $state (select (i32.const 2) (i32.const 0) (i32.eq (local.get $q) (i32.const 123))))
            (br $main)))
        (br_if $fail (i32.ne (local.get $c) (i32.add (local.get $q) (i32.const 2))))
        ;; The closed container's keys leave the key stack.
        (local.set $kt (i32.load (i32.add (i32.const 4480) (i32.shl (local.get $d) (i32.const 2)))))
        (local.set $d (i32.sub (local.get $d) (i32.const 1)))
        (br $main)))
    (i32.const -1))
)
