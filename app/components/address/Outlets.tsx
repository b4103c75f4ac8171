import { useMoney } from "~/components/ui/Money";
import { useTranslation } from "~/i18n/react";
import { CarryoutButton } from "./CarryoutButton";

interface OutletFacts {
  id: number;
  name: string;
  address: string;
  minCart?: number;
  quoteTime?: { D: number; C: number };
}

/** The outlet that delivers to a postal code: where it is, its minimum order and its delivery time. */
export function DeliveryOutlet({ outlet }: { outlet: OutletFacts }) {
  const { t } = useTranslation("address");
  const money = useMoney();
  return (
    <div className="delivery-outlet">
      <h3>{t("outlet.deliversFrom", { outlet: outlet.name })}</h3>
      <p>{outlet.address}</p>
      <ul className="outlet-facts">
        {outlet.minCart !== undefined ? <li>{t("outlet.minCart", { amount: money(outlet.minCart) })}</li> : null}
        {outlet.quoteTime ? <li>{t("outlet.deliveryTime", { count: outlet.quoteTime.D })}</li> : null}
      </ul>
    </div>
  );
}

/** Carry-out outlets, each with its button (`CarryoutButton`), which works the same with JavaScript off. */
export function CarryoutList({ outlets }: { outlets: readonly OutletFacts[] }) {
  const { t } = useTranslation("address");
  return (
    <ul className="outlet-list">
      {outlets.map((outlet) => (
        <li key={outlet.id} className="outlet-card">
          <h3>{outlet.name}</h3>
          <p>{outlet.address}</p>
          {outlet.quoteTime ? <p className="muted">{t("outlet.carryoutTime", { count: outlet.quoteTime.C })}</p> : null}
          <CarryoutButton outletId={outlet.id} label={t("outlet.pickUp", { name: outlet.name })} className="button button-secondary" />
        </li>
      ))}
    </ul>
  );
}
