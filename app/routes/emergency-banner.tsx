import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { dismissEmergencyBanner } from "~/web/emergency.server";

/** The emergency banner's "dismiss" button posts here (components/EmergencyBanner.tsx). GET has nothing to show: home. */
export const action = ({ request }: ActionFunctionArgs) => dismissEmergencyBanner(request);

export const loader = () => redirect("/home");
