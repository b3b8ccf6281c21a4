import { createContext, useContext } from "react";

export type Me = {
  operator: {
    id: string;
    email: string;
    role: string;
    merchantId: string | null;
    permissions: string[];
    passwordChangeRequired: boolean;
  };
  csrfToken: string;
  merchants: { id: string; title: string }[];
};

export const MeContext = createContext<Me | undefined>(undefined);

/** The signed-in operator (inside the layout). */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe outside the signed-in layout");
  return me;
}

export const can = (me: Me, permission: string) => me.operator.permissions.includes(permission);
