import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ROUTES } from "../../lib/routes.ts";
import { useWebSession } from "../../lib/session/session-context.tsx";

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it on the first
 * item, arrows move, Escape closes and returns focus to the button, a click outside closes.
 * Escape is heard on the whole document while the menu is open: a click on the menu's padding
 * takes the focus out of it (to the page body), and Escape must still close it.
 * Its items are the profile pages and, last, sign-out.
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLElement | null>>([]);
  const session = useWebSession();
  const navigate = useNavigate();

  const entries = [
    { to: ROUTES.verification, label: t("profileMenu.verification") },
    { to: ROUTES.referralCode, label: t("profileMenu.referralCode") },
    { to: ROUTES.account, label: t("profileMenu.account") },
    { to: ROUTES.security, label: t("profileMenu.security") },
  ];
  const count = entries.length + 1;

  const signOut = async () => {
    setOpen(false);
    await session.signOut();
    await navigate(ROUTES.signIn, { replace: true });
  };

  const focusItem = (index: number) => {
    items.current[(index + count) % count]?.focus();
  };

  // focusItem only reads refs; the effect runs once per opening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusItem is stable in effect
  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.current.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div className="k-profile" ref={container}>
      <button
        ref={button}
        type="button"
        className="k-profile__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="k-header__button-text">{t("profileMenu.button")}</span>
      </button>
      {open ? (
        <div id={menuId} role="menu" className="k-profile__menu" onKeyDown={onMenuKeyDown}>
          {entries.map((entry, index) => (
            <Link
              key={entry.to}
              ref={(element) => {
                items.current[index] = element;
              }}
              role="menuitem"
              tabIndex={-1}
              to={entry.to}
              className="k-profile__item"
              onClick={() => setOpen(false)}
            >
              {entry.label}
            </Link>
          ))}
          <button
            ref={(element) => {
              items.current[entries.length] = element;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="k-profile__item k-profile__item--action"
            onClick={() => void signOut()}
          >
            {t("profileMenu.signOut")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
