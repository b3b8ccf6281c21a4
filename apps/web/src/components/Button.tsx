import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "../lib/hooks/use-hydrated.ts";
import "./button.css";

type ButtonVariant = "primary" | "secondary" | "ghost" | "inverse";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/**
 * A button in the merchant's colours; text colour is picked by contrast (see lib/theme).
 * A submit button stays disabled until the page is hydrated: before, its form would submit
 * natively, a GET that puts the fields (a password) in the address.
 */
export function Button({
  variant = "primary",
  fullWidth = false,
  className,
  type,
  disabled,
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  const classes = ["k-button", `k-button--${variant}`, fullWidth ? "k-button--full" : "", className ?? ""];
  return (
    <button
      type={type ?? "button"}
      className={classes.filter(Boolean).join(" ")}
      disabled={disabled || (type === "submit" && !hydrated)}
      {...rest}
    />
  );
}
