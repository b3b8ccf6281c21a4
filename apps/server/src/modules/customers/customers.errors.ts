import { defineErrors } from "../../http/app-error.ts";

export const customerErrors = defineErrors({
  CUSTOMER_NOT_FOUND: { status: 404, errorId: 2, message: "Customer not found." },
  COUNTRY_NOT_OFFERED: { status: 400, errorId: 422, message: "We can't serve residents of this country." },
});
