import type { ReactNode } from "react";

/**
 * Radio buttons under a legend, one per choice: a card's form or colour, an earn deposit's type,
 * a KYC decision, an adjustment's direction. Both apps draw it alike; each names its classes.
 * Controlled with `value` and `onChange`; in a form read on submit, with `defaultValue`.
 */
export function RadioChoices<T extends string | number>(props: {
  legend: ReactNode;
  name: string;
  choices: readonly T[];
  label: (choice: T) => ReactNode;
  value?: T;
  onChange?: (choice: T) => void;
  defaultValue?: T;
  disabled?: (choice: T) => boolean;
  className?: string;
  choiceClassName?: string;
}) {
  const { value, onChange } = props;
  return (
    <fieldset className={props.className}>
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={String(choice)} className={props.choiceClassName}>
          <input
            type="radio"
            name={props.name}
            value={String(choice)}
            {...(value === undefined
              ? { defaultChecked: props.defaultValue === choice }
              : { checked: value === choice, onChange: () => onChange?.(choice) })}
            disabled={props.disabled?.(choice)}
          />
          {props.label(choice)}
        </label>
      ))}
    </fieldset>
  );
}
