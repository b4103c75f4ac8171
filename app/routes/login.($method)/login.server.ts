import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyCustomerLogin, findCustomer, type Customer } from "#server/customers/accounts";
import { loginSchema } from "#server/customers/rules";
import { DomainError, isDomainError } from "#server/errors";
import { signInCustomer } from "~/web/customer.server";
import { accountMark, knownAccounts } from "~/web/device.server";
import { clientAddress } from "~/web/edge.server";
import type { Notice } from "~/web/session.server";
import { noticeForError, type Storefront } from "~/web/storefront.server";

const STRATEGY = "customer-password";

/**
 * remix-auth's Authenticator with remix-auth-form's FormStrategy for one customer sign-in: the strategy reads the
 * posted email and password and checks them behind the sign-in guard (server/customers/accounts.ts
 * verifyCustomerLogin: the limits per address, per account and address and per account; argon2id; a decoy hash
 * for an unknown email, so every wrong combination answers the same CUS-100005 in the same time).
 */
function customerAuthenticator(store: Storefront, address: string) {
  return new Authenticator<Customer>().use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) throw new DomainError("CUS-100005");
      const knownDevice = (await knownAccounts(request)).includes(accountMark("customer", parsed.data.email));
      const id = await verifyCustomerLogin(store.db, { ...parsed.data, clientAddress: address, knownDevice });
      const customer = await findCustomer(store.db, id);
      if (!customer) throw new DomainError("CUS-100005");
      return customer;
    }),
    STRATEGY,
  );
}

/** HTTP status of a refused sign-in: a wrong email or password 401, too many tries 429, a full queue 503. */
const loginStatus = (code: string) => (code === "CUS-100016" ? 429 : code === "AUTH-BUSY" ? 503 : 401);

/** Signs the customer in (a 303 to `back`) or answers the refusal's status and translated notice. */
export async function passwordSignIn(
  store: Storefront,
  request: Request,
  context: unknown,
  back: string,
): Promise<Response | { status: number; notice: Notice }> {
  let customer: Customer;
  try {
    customer = await customerAuthenticator(store, clientAddress(context)).authenticate(STRATEGY, request);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { status: loginStatus(error.code), notice: noticeForError(error, store.lng) };
  }
  return signInCustomer(store, request, customer, back);
}
