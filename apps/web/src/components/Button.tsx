import type { ButtonHTMLAttributes } from "react";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "inverse";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** A button in the merchant's colours; text colour is picked by contrast (see lib/theme). */
export function Button({ variant = "primary", fullWidth = false, className, type, ...rest }: ButtonProps) {
  const classes = ["k-button", `k-button--${variant}`, fullWidth ? "k-button--full" : "", className ?? ""];
  return <button type={type ?? "button"} className={classes.filter(Boolean).join(" ")} {...rest} />;
}
