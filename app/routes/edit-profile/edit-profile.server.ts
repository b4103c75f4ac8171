import { parseWithZod } from "~/web/forms.server";
import { tenant } from "#server/tenant";
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { Customer } from "#server/customers/accounts";
import { updateProfile, verifyCustomerLogin } from "#server/customers/accounts";
import { pendingEmail, requestEmailChange } from "#server/customers/email-change";
import { livePhoneRequest, requestPhoneCode, verifyPhoneCode } from "#server/customers/phone";
import { emailChangeSchema, isProfileIntent, phoneRequestSchema, phoneVerifySchema, type ProfileIntent } from "#server/customers/profile-forms";
import { BIRTH_YEAR_DEFAULT_OFFSET, profileSchema } from "#server/customers/rules";
import { now, today } from "#server/clock";
import { isDomainError, type ErrorCode } from "#server/errors";
import { deliverSms } from "~/web/sms.server";
import { formatPhone } from "~/format";
import { translator } from "~/i18n/translator.server";
import { clientAddress } from "~/web/edge.server";
import { sendEmailChangeLink } from "~/web/profile-mail.server";
import type { Notice } from "~/web/session.server";
import { noticeForError, redirectWith, type Storefront } from "~/web/storefront.server";

/**
 * /edit-profile's glue: what the page shows (the profile's values, a pending email, a live phone request) and its
 * four posts (intent): "profile" saves name, birthday, gender and preferences; "email" sends a link to a new
 * address; "phone-request" texts a code to a new phone; "phone-verify" checks it and changes the phone.
 */
type SignedIn = Storefront & { customer: Customer };
type ReplyOptions = { fieldErrors?: Record<string, string[]>; hideFields?: string[] };

export async function editProfileData(store: SignedIn, url: URL) {
  const c = store.customer;
  const [year, month, day] = c.birthdate ? c.birthdate.split("-").map(Number) : [];
  const date = today();
  const requestId = url.searchParams.get("phone") ?? "";
  const live = requestId ? await livePhoneRequest(store.db, c.id, requestId, now()) : undefined;
  return {
    title: translator(store.lng, "profile")("edit.title"),
    today: date,
    profile: {
      firstName: c.firstName,
      lastName: c.lastName,
      birthDay: day ? String(day) : "",
      birthMonth: month ? String(month) : "",
      birthYear: String(year ?? Number(date.slice(0, 4)) - BIRTH_YEAR_DEFAULT_OFFSET),
      gender: c.gender ?? "",
      news: c.news,
      htmlMail: c.htmlMail,
    },
    email: c.email,
    pendingEmail: (await pendingEmail(store.db, c.id, now())) ?? null,
    hasPassword: c.hasPassword,
    phone: c.phone ? formatPhone(c.phone) : "",
    phoneRequest: live ? { requestId, phone: formatPhone(live.phone) } : null,
    // A request id in the address that is not live (expired, used, another's): said once, the code field hidden.
    phoneRequestNotice: requestId && !live ? ({ tone: "error", key: "errors:codeRequestInvalid" } satisfies Notice) : null,
  };
}

/** The refusals that belong beside a field: the field's name; the others are said at the top of the page. */
const fieldOf: Partial<Record<ErrorCode, string>> = {
  "CUS-100003": "newEmail",
  "CUS-100005": "currentPassword",
  "CUS-100008": "code",
  "CUS-100010": "code",
};

/**
 * What a signed-in customer reads beside the field where the sign-in's words would be wrong: only a password was
 * typed ("the email or the password" is the sign-in's), and an address another account has needs no "sign in or
 * reset your password".
 */
const signedInWords: Partial<Record<ErrorCode, string>> = {
  "CUS-100003": "errors:emailTakenByAnother",
  "CUS-100005": "errors:passwordWrong",
};

const statusOf = (code: ErrorCode) => (code === "CUS-100007" || code === "CUS-100016" ? 429 : code === "CUS-100003" ? 409 : code === "CUS-100005" ? 403 : 400);

/** Runs one post of the page. */
export async function editProfileAction(store: SignedIn, form: FormData, context: unknown): Promise<Response> {
  const intent = form.get("intent");
  if (!isProfileIntent(intent)) return json({ intent: null, result: undefined, notice: { tone: "error", key: "profile:unknownForm" } satisfies Notice }, { status: 400 });
  const c = store.customer;
  const answer = async (submission: { reply: (options?: ReplyOptions) => SubmissionResult<string[]> }, run: () => Promise<Response>, hideFields: string[] = []) => {
    try {
      return await run();
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const notice = noticeForError(error, store.lng);
      const field = fieldOf[error.code];
      const result = submission.reply({ ...(field ? { fieldErrors: { [field]: [signedInWords[error.code] ?? notice.key] } } : {}), hideFields });
      return json({ intent, result, notice: field ? null : notice }, { status: statusOf(error.code) });
    }
  };

  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: profileSchema(today()) });
    if (submission.status !== "success") return invalid(intent, submission.reply());
    return answer(submission, async () => {
      await updateProfile(store.db, c.id, submission.value, { now: now(), today: today() });
      return redirectWith(store.session, "/profile", { tone: "success", key: "notices.account.profileSaved" });
    });
  }

  if (intent === "email") {
    const submission = parseWithZod(form, { schema: emailChangeSchema(c.hasPassword) });
    if (submission.status !== "success") return invalid(intent, submission.reply({ hideFields: ["currentPassword"] }));
    const value = submission.value;
    if (value.newEmail === c.email) return invalid(intent, submission.reply({ fieldErrors: { newEmail: ["profile:v.sameEmail"] }, hideFields: ["currentPassword"] }));
    return answer(
      submission,
      async () => {
        if (c.hasPassword) {
          await verifyCustomerLogin(store.db, { email: c.email, password: String(value.currentPassword ?? ""), clientAddress: clientAddress(context), knownDevice: true });
        }
        const link = await requestEmailChange(store.db, c.id, value.newEmail, now());
        await sendEmailChangeLink(store.db, link);
        return redirectWith(store.session, "/edit-profile", { tone: "success", key: "notices.account.emailChangeSent", values: { email: link.email } });
      },
      ["currentPassword"],
    );
  }

  if (intent === "phone-request") {
    const submission = parseWithZod(form, { schema: phoneRequestSchema });
    if (submission.status !== "success") return invalid(intent, submission.reply());
    const phone = submission.value.phone;
    if (phone === c.phone) return invalid(intent, submission.reply({ fieldErrors: { phone: ["profile:v.samePhone"] } }));
    const t = translator(store.lng, "profile");
    return answer(submission, async () => {
      const { requestId } = await requestPhoneCode(store.db, { customerId: c.id, phone, now: now(), text: (code) => t("sms.code", { code, brand: tenant.name[store.lng] }) });
      void deliverSms(store.db);
      return redirectWith(store.session, `/edit-profile?phone=${requestId}`, { tone: "success", key: "notices.account.codeSent", values: { phone: formatPhone(phone) } });
    });
  }

  const submission = parseWithZod(form, { schema: phoneVerifySchema });
  if (submission.status !== "success") return invalid(intent, submission.reply());
  return answer(submission, async () => {
    await verifyPhoneCode(store.db, { customerId: c.id, requestId: submission.value.requestId, code: submission.value.code, now: now() });
    return redirectWith(store.session, "/profile", { tone: "success", key: "notices.account.phoneChanged" });
  });
}

function invalid(intent: ProfileIntent, result: SubmissionResult<string[]>) {
  return json({ intent, result, notice: null as Notice | null }, { status: 400 });
}
