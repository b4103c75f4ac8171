import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * Carry-out at one outlet: a POST to /home (its action chooses the disposition, asking first when needed).
 * Its own module, since it translates nothing: the store pages use it without carrying the address namespace.
 */
export function CarryoutButton({ outletId, label, className = "button" }: { outletId: number; label: string; className?: string }) {
  return (
    <Form method="post" action="/home">
      <AuthenticityTokenInput />
      <input type="hidden" name="orderType" value="C" />
      <input type="hidden" name="outletId" value={outletId} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
