import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import type { Notice } from "~/web/session.server";

/**
 * The managers' list pages (coupons, banners, campaigns, topics, openings): a title, a link to create one, the
 * notice of the last post, then a table of the rows (or a sentence when there are none), each row ending with its
 * pause/resume switch (none for a row whose time is over: an ended banner or campaign shows nowhere either way).
 * `row` renders a row's cells (its first a <th scope="row">); the strings come translated.
 */
export interface ConsoleListProps<T extends { id: number | string }> {
  className: string;
  title: string;
  create: { to: string; label: string };
  notice: Notice | null | undefined;
  items: readonly T[];
  empty: string;
  caption: string;
  /** the columns' headings, the switch's column excepted */
  columns: readonly string[];
  /** the switch's column heading (read by screen readers only) */
  actions: string;
  row: (item: T) => ReactNode;
  toggle: (item: T) => SwitchProps | null;
}

export function ConsoleList<T extends { id: number | string }>(props: ConsoleListProps<T>) {
  return (
    <div className={`console ${props.className}`}>
      <h1>{props.title}</h1>
      <p>
        <Link to={props.create.to} className="button">
          {props.create.label}
        </Link>
      </p>
      {props.notice ? <NoticeBanner notice={props.notice} /> : null}
      {props.items.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <div className="coupon-table-scroll">
          <table className="coupon-table">
            <caption className="visually-hidden">{props.caption}</caption>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{props.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.items.map((item) => {
                const toggle = props.toggle(item);
                return (
                  <tr key={item.id}>
                    {props.row(item)}
                    <td>{toggle ? <SwitchForm {...toggle} /> : null}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export interface SwitchProps {
  /** the row's key as the action reads it (an id, a topic's slug) */
  id: number | string;
  /** on now: the button turns it off ("pause"), else on ("resume") */
  active: boolean;
  /** the button's full name for screen readers ("Pause the banner Summer"), and its visible word */
  label: string;
  short: string;
}

/** A row's pause/resume button: a plain post with the CSRF token, disabled while it is being sent. */
export function SwitchForm({ id, active, label, short }: SwitchProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(id);
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={active ? "pause" : "resume"} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button-quiet" disabled={busy} aria-label={label}>
        {short}
      </button>
    </Form>
  );
}
