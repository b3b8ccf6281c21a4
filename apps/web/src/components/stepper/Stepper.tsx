import "./stepper.css";

/**
 * Where a customer is in a flow of several steps: "Step n of m" over a progress bar, then the
 * steps' names in one row from 768 px. On a phone the names are left to screen readers: six pills
 * wrapped into three rows and pushed the step itself down the screen.
 */
export function Stepper({
  steps,
  current,
  progressText,
  label,
}: {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The index of the current step in `steps`. */
  current: number;
  /** "Step 2 of 6", in the page's words. */
  progressText: string;
  /** What the flow is, naming the bar and the list ("Card order"). */
  label: string;
}) {
  const done = Math.min(Math.max(current + 1, 1), steps.length);
  return (
    <div className="k-stepper">
      <p className="k-stepper__text" aria-hidden="true">
        {progressText}
      </p>
      <div
        className="k-stepper__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={progressText}
      >
        <span className="k-stepper__fill" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="k-stepper__steps" aria-label={label}>
        {steps.map((name, index) => (
          <li key={name} aria-current={index === current ? "step" : undefined}>
            {name}
          </li>
        ))}
      </ol>
    </div>
  );
}
