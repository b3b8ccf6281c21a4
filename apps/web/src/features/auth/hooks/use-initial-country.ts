import { useEffect } from "react";

/** The two form methods the hook needs, from any form with a `country` field. */
type CountryForm = {
  getValues: (name: "country") => string;
  setValue: (name: "country", value: string) => void;
};

/** Picks the default calling code once the country list is in, unless one was chosen already. */
export function useInitialCountry({ getValues, setValue }: CountryForm, defaultCountry: string | undefined) {
  useEffect(() => {
    if (defaultCountry && !getValues("country")) setValue("country", defaultCountry);
  }, [defaultCountry, getValues, setValue]);
}
