import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import "./otp-input.css";

export type OtpInputType = "text" | "number" | "phone";

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Visible label of the whole code, e.g. 'SMS code'. */
  label: string;
  /** Number of boxes; spec §9 default 6 (the SMS code uses 4). */
  length?: number;
  /** number and phone accept digits only and bring up the numeric keypad. */
  type?: OtpInputType;
  autoFocus?: boolean;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * A one-time code in single-character boxes. The value is a plain string without holes: typing
 * lands in the first empty box, Backspace removes and steps back, arrows move, paste fills.
 */
export function OtpInput(props: OtpInputProps) {
  const { value, onChange, label, length = 6, type = "number", autoFocus = true, disabled, invalid } = props;
  const { t } = useTranslation();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const numeric = type === "number" || type === "phone";
  const accept = (text: string) => (numeric ? text.replace(/\D/g, "") : text.replace(/\s/g, ""));
  // Focus moves right after onChange, before the parent re-renders with the new value; the ref
  // lets the focus handlers see that new value instead of the one this render closed over.
  const latestValue = useRef(value);
  latestValue.current = value;
  // Stryker disable next-line ArithmeticOperator: with `length + 1` the result differs only for a full
  // code, where focusBox clamps to the last box and no box index is past it, so focus lands the same.
  const lastReachable = () => Math.min(latestValue.current.length, length - 1);
  const update = (next: string) => {
    latestValue.current = next;
    onChange(next);
  };

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  // Focus once on mount only: refocusing on every change would fight the customer's own moves.
  // Stryker disable ArrayDeclaration: a dependency list holding a constant runs the effect once, as [] does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount-only by design
  useEffect(() => {
    if (autoFocus && !disabled) focusBox(lastReachable());
  }, []);
  // Stryker restore ArrayDeclaration

  const writeFrom = (index: number, text: string) => {
    const current = latestValue.current;
    const start = Math.min(index, current.length);
    // Stryker disable next-line MethodExpression,ArithmeticOperator: the result is cut to `length` on the
    // next line and focusBox clamps, so a longer `chars` writes and focuses exactly the same.
    const chars = text.slice(0, length - start);
    update((current.slice(0, start) + chars + current.slice(start + chars.length)).slice(0, length));
    focusBox(start + chars.length);
  };

  const handleChange = (index: number, raw: string) => {
    const current = latestValue.current;
    if (raw === "") {
      // Some mobile keyboards delete without a Backspace keydown.
      update(current.slice(0, index) + current.slice(index + 1));
      return;
    }
    const previous = current[index];
    // The box may still hold its old character when the selection was lost: keep the new one.
    const typed = previous && raw.length === 2 && raw.includes(previous) ? raw.replace(previous, "") : raw;
    const text = accept(typed);
    if (text !== "") writeFrom(index, text);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      const current = latestValue.current;
      const at = current[index] === undefined ? index - 1 : index;
      if (at < 0) return;
      update(current.slice(0, at) + current.slice(at + 1));
      focusBox(at);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(Math.min(index + 1, lastReachable()));
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = accept(event.clipboardData.getData("text"));
    if (text !== "") writeFrom(index, text);
  };

  return (
    <fieldset className="k-otp">
      <legend className="k-otp__label">{label}</legend>
      <div className="k-otp__boxes" style={{ gap: 12 }}>
        {Array.from({ length }, (_, index) => (
          <input
            // The boxes never reorder, so the position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="k-otp__box"
            type="text"
            inputMode={numeric ? "numeric" : "text"}
            pattern={numeric ? "[0-9]*" : undefined}
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={t("otp.box", { index: index + 1, count: length })}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            value={value[index] ?? ""}
            onFocus={(event) => {
              // No holes: a box past the first empty one hands focus back to it.
              // Stryker disable next-line EqualityOperator: at index === lastReachable() both branches focus
              // and select this same box.
              if (index > lastReachable()) focusBox(lastReachable());
              else event.target.select();
            }}
            onChange={(event) => handleChange(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
          />
        ))}
      </div>
    </fieldset>
  );
}
