import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField, type TextFieldProps } from "./TextField.tsx";

/** A password input with a button that shows what was typed (handy on a phone keyboard). */
export function PasswordField(props: Omit<TextFieldProps, "type" | "end">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      end={
        <button
          type="button"
          className="k-field__toggle"
          aria-pressed={visible}
          aria-label={t("form.showPassword", { field: props.label.toLowerCase() })}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t("form.hide") : t("form.show")}
        </button>
      }
    />
  );
}
