/**
 * The script of the stand-in's secured-field page: what runs inside each of Adyen Web's card iframes
 * (securedFields.html, served by shopper.ts). It is never called in Node: shopper.ts serves its source text
 * (`String(securedFieldFrame)`, as the TypeScript toolchain emitted it) inline in that page, under a CSP hash.
 *
 * It speaks Adyen Web's secured-fields protocol (components/internal/SecuredFields/lib in @adyen/adyen-web 6):
 * the parent posts a JSON config carrying a `numKey`; the field answers `action: "config"`, then reports `focus`,
 * `brand`, `binValue`, errors (an `error` code; "" clears it), `encryption` with the blobs, `enterKeyPressed` and
 * `shifttab`, always as JSON strings carrying that `numKey`, posted only to the page's origin (the `d` parameter)
 * and answering only messages from that origin and from the parent window. A blob is a token of the stand-in's card
 * vault: a complete, valid value is POSTed to the vault (same origin as this page) and only its token leaves the
 * iframe. No value is logged or sent anywhere else.
 */
export function securedFieldFrame(): void {
  type Json = Record<string, unknown>;
  type FieldType = "encryptedCardNumber" | "encryptedExpiryDate" | "encryptedSecurityCode";
  type Policy = "required" | "optional" | "hidden";
  interface AriaField {
    iframeTitle?: string;
    label?: string;
    error?: Record<string, string>;
    contextualTexts?: Record<string, string>;
  }
  interface Brand {
    brand: string;
    pattern: RegExp | null;
    lengths: number[];
    cvcLength: number;
    cvcText: string;
    groups: number[];
  }

  const BRANDS: Brand[] = [
    { brand: "visa", pattern: /^4/, lengths: [13, 16, 19], cvcLength: 3, cvcText: "CVV", groups: [4, 4, 4, 4, 3] },
    { brand: "mc", pattern: /^(5[1-5]|2[2-7])/, lengths: [16], cvcLength: 3, cvcText: "CVC", groups: [4, 4, 4, 4] },
    { brand: "amex", pattern: /^3[47]/, lengths: [15], cvcLength: 4, cvcText: "CID", groups: [4, 6, 5] },
  ];
  /** No brand recognised (yet): Adyen Web's generic "card". */
  const GENERIC: Brand = { brand: "card", pattern: null, lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3, cvcText: "Security code", groups: [4, 4, 4, 4, 3] };
  const STYLE_PROPERTIES = new Set([
    "background", "caretColor", "color", "display", "font", "fontFamily", "fontSize", "fontSizeAdjust", "fontSmoothing",
    "fontStretch", "fontStyle", "fontVariant", "fontVariantAlternates", "fontVariantCaps", "fontVariantEastAsian",
    "fontVariantLigatures", "fontVariantNumeric", "fontWeight", "letterSpacing", "lineHeight", "mozOsxFontSmoothing",
    "mozTransition", "outline", "opacity", "padding", "textAlign", "textShadow", "transition", "webkitFontSmoothing",
    "webkitTransition", "wordSpacing",
  ]);

  // --- Where the page is framed, and by whom ------------------------------------------------------------------
  let parentOrigin = "";
  try {
    const named = new URL(atob(new URLSearchParams(window.location.search).get("d") ?? ""));
    if (named.protocol === "http:" || named.protocol === "https:") parentOrigin = named.origin;
  } catch {
    parentOrigin = "";
  }
  if (!parentOrigin || window.parent === window) return;
  // The page that frames this one must be the one `d` names (frame-ancestors already refuses others where it can).
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== parentOrigin) return;

  const input = document.getElementById("field") as HTMLInputElement;
  const labelElement = document.getElementById("label") as HTMLElement;
  const contextElement = document.getElementById("context") as HTMLElement;
  const errorElement = document.getElementById("error") as HTMLElement;
  // The page's own style sheet: its rules, then the placeholder's (the page's `styles.placeholder`) added after them.
  const sheet = (document.getElementById("styles") as HTMLStyleElement).sheet;
  const ownRules = sheet ? sheet.cssRules.length : 0;
  const vaultUrl = new URL("vault", window.location.href).href;

  // --- State ---------------------------------------------------------------------------------------------------
  let numKey: number | null = null;
  let fieldType: FieldType = "encryptedCardNumber";
  let aria: AriaField = {};
  let placeholders: Record<string, string> = {};
  let styles: Record<string, Record<string, unknown>> = {};
  let exposeExpiryDate = false;
  let minimumExpiryDate: string | null = null;
  /** The normalised value the blobs the parent holds stand for (null: the parent holds none). */
  let encryptedFor: string | null = null;
  /** Bumped whenever the value changes: an encryption still under way for an older value is dropped. */
  let generation = 0;
  /** The error code the parent shows for this field ("" none). */
  let shownError = "";
  // Card number: the brand last announced, the BIN last looked up, what the parent's BIN lookup said of it.
  let announcedBrand: string | null = null;
  let lookedUpBin = "";
  let binGeneration = 0;
  let lookup: { brand: string; enableLuhnCheck: boolean; panLength: number | null } | null = null;
  let unsupported = false;
  // Security code and expiry date: what the card number's brand asks of them.
  let cvcBrand = "card";
  let cvcPolicy: Policy = "required";
  let datePolicy: Policy = "required";

  // --- Talking to the page -------------------------------------------------------------------------------------
  const post = (action: string, extra: Json = {}): void => {
    if (numKey === null) return;
    window.parent.postMessage(JSON.stringify({ action, fieldType, numKey, ...extra }), parentOrigin);
  };

  const store = async (field: string, value: string): Promise<string> => {
    const response = await fetch(vaultUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ field, value }),
      credentials: "omit",
      cache: "no-store",
    });
    if (!response.ok) throw new Error(`vault ${response.status}`);
    const body = (await response.json()) as { token?: unknown };
    if (typeof body.token !== "string") throw new Error("vault answer");
    return body.token;
  };

  const randomId = (): string =>
    typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

  // --- Look and accessibility ----------------------------------------------------------------------------------
  const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^(webkit|moz)-/, "-$1-");
  const safeStyles = (group: unknown): [string, string][] => {
    if (!group || typeof group !== "object") return [];
    return Object.entries(group as Json).flatMap(([name, value]) =>
      STYLE_PROPERTIES.has(name) && (typeof value === "string" || typeof value === "number") && !/[;{}<>]|url\(|expression/i.test(String(value))
        ? [[kebab(name), String(value)] as [string, string]]
        : [],
    );
  };
  const applyStyles = (): void => {
    input.removeAttribute("style");
    const layers = [styles.base, shownError ? styles.error : encryptedFor !== null ? styles.validated : undefined];
    for (const layer of layers) for (const [name, value] of safeStyles(layer)) input.style.setProperty(name, value);
    if (sheet) {
      while (sheet.cssRules.length > ownRules) sheet.deleteRule(ownRules);
      const rule = safeStyles(styles.placeholder).map(([name, value]) => `${name}: ${value};`).join(" ");
      if (rule) sheet.insertRule(`#field::placeholder { ${rule} }`, ownRules);
    }
  };

  const contextualText = (): string => {
    const texts = aria.contextualTexts ?? {};
    if (fieldType === "encryptedSecurityCode") return texts[cvcBrand === "amex" ? "encryptedSecurityCode4digits" : "encryptedSecurityCode3digits"] ?? "";
    return texts[fieldType] ?? "";
  };

  /** The field's accessible state: invalid with the error's text (translated by the page) or valid. */
  const describe = (code: string): void => {
    const message = code ? (aria.error?.[code] ?? code) : "";
    errorElement.textContent = message;
    contextElement.textContent = contextualText();
    input.setAttribute("aria-invalid", code ? "true" : "false");
    const describedBy = [contextElement.textContent ? "context" : "", message ? "error" : ""].filter(Boolean).join(" ");
    if (describedBy) input.setAttribute("aria-describedby", describedBy);
    else input.removeAttribute("aria-describedby");
    applyStyles();
  };

  const setPlaceholder = (): void => {
    const key = fieldType === "encryptedSecurityCode" ? (cvcBrand === "amex" ? "encryptedSecurityCode4digits" : "encryptedSecurityCode3digits") : fieldType;
    const text = placeholders[key];
    if (text) input.setAttribute("placeholder", text);
    else input.removeAttribute("placeholder");
  };

  // --- Validity, shared by the three fields --------------------------------------------------------------------
  /** The value is not (or no longer) complete and valid: tell the parent if it held blobs or showed an error. */
  const invalidate = (action: string, error: string): void => {
    generation += 1;
    const held = encryptedFor !== null;
    encryptedFor = null;
    if (error) {
      if (error !== shownError || held) post(action, { error });
    } else if (held || shownError) {
      post(held && !shownError ? "delete" : action, { error: "" });
    }
    shownError = error;
    describe(error);
  };

  /** The value is complete and valid: keep it in the vault and give the parent the tokens (once per value). */
  const encrypt = (key: string, values: [string, string][], extra: (tokens: string[]) => Json): void => {
    if (encryptedFor === key) return;
    generation += 1;
    const mine = generation;
    Promise.all(values.map(([field, value]) => store(field, value))).then(
      (tokens) => {
        if (mine !== generation) return;
        encryptedFor = key;
        shownError = "";
        post("encryption", extra(tokens));
        describe("");
      },
      () => {
        if (mine === generation) post("encryptionError", { error: "The card vault did not answer", code: "standin.vault" });
      },
    );
  };

  // --- Card number ---------------------------------------------------------------------------------------------
  const luhn = (digits: string): boolean => {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return digits.length > 0 && sum % 10 === 0;
  };
  const brandOf = (digits: string): Brand => BRANDS.find((b) => b.pattern?.test(digits)) ?? GENERIC;
  const numberRules = (digits: string): { brand: Brand; lengths: number[]; luhnChecked: boolean } => {
    const brand = brandOf(digits);
    const panLength = lookup?.panLength;
    return { brand, lengths: panLength ? [panLength] : brand.lengths, luhnChecked: lookup ? lookup.enableLuhnCheck : true };
  };
  const maxDigits = (): number => {
    if (fieldType === "encryptedExpiryDate") return 4;
    if (fieldType === "encryptedSecurityCode") return cvcBrand === "amex" ? 4 : 3;
    const digits = input.value.replace(/\D/g, "");
    return Math.max(...numberRules(digits).lengths);
  };

  const evaluateNumber = (): void => {
    const digits = input.value.replace(/\D/g, "");
    const brand = brandOf(digits);
    if (brand.brand !== announcedBrand) {
      announcedBrand = brand.brand;
      post("brand", { brand: brand.brand, cvcPolicy: "required", expiryDatePolicy: "required", cvcText: brand.cvcText, showSocialSecurityNumber: false });
    }
    const bin = digits.length >= 6 ? digits.slice(0, 6) : "";
    if (bin !== lookedUpBin) {
      const hadBin = lookedUpBin !== "";
      lookedUpBin = bin;
      lookup = null;
      unsupported = false;
      binGeneration += 1;
      const mine = binGeneration;
      if (bin) {
        store("bin", bin).then(
          (token) => {
            if (mine === binGeneration) post("binValue", { binValue: bin, encryptedBin: token, uuid: randomId() });
          },
          () => undefined,
        );
      } else if (hadBin) {
        post("binValue", { binValue: digits });
      }
    }
    const rules = numberRules(digits);
    const luhnOk = !rules.luhnChecked || luhn(digits);
    if (unsupported) {
      generation += 1;
      encryptedFor = null;
      return;
    }
    if (rules.lengths.includes(digits.length) && luhnOk) {
      const endDigits = digits.slice(-4);
      encrypt(digits, [["encryptedCardNumber", digits]], ([blob]) => ({
        encryptedCardNumber: [{ type: "card", encryptedFieldName: "encryptedCardNumber", blob }],
        endDigits,
        ...(digits.length >= 16 && { issuerBin: digits.slice(0, 8) }),
      }));
    } else if (digits.length === Math.max(...rules.lengths) && !luhnOk) {
      invalidate("luhnCheck", "cc.num.902");
    } else {
      invalidate("numberKeyPressed", "");
    }
  };

  const blurNumber = (): void => {
    const digits = input.value.replace(/\D/g, "");
    if (!digits || encryptedFor === digits || unsupported) return;
    const rules = numberRules(digits);
    const complete = rules.lengths.includes(digits.length);
    const luhnOk = !rules.luhnChecked || luhn(digits);
    // Complete and valid: its blobs are on their way from the vault (leaving the field must not drop them).
    if (complete && luhnOk) return;
    if (complete) invalidate("luhnCheck", "cc.num.902");
    else invalidate("incomplete field", "cc.num.901");
  };

  // --- Expiry date (one field: MM/YY, giving encryptedExpiryMonth and encryptedExpiryYear) ----------------------
  const dateError = (digits: string): string => {
    const month = Number(digits.slice(0, 2));
    if (digits.length >= 2 && (month < 1 || month > 12)) return "cc.dat.912";
    if (digits.length < 4) return "";
    const year = 2000 + Number(digits.slice(2, 4));
    const now = new Date();
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    const expires = year * 12 + (month - 1);
    if (expires < thisMonth) return "cc.dat.912";
    if (year > now.getFullYear() + 30) return "cc.dat.913";
    const minimum = /^(\d{2})\/(\d{2})$/.exec(minimumExpiryDate ?? "");
    if (minimum && expires < (2000 + Number(minimum[2])) * 12 + (Number(minimum[1]) - 1)) return "cc.dat.914";
    return "";
  };

  const evaluateDate = (): void => {
    const digits = input.value.replace(/\D/g, "");
    const error = dateError(digits);
    if (error) {
      invalidate("dateKeyPressed", error);
    } else if (digits.length === 4) {
      const month = digits.slice(0, 2);
      const year = `20${digits.slice(2, 4)}`;
      const expiryDate = `${month}/${digits.slice(2, 4)}`;
      encrypt(digits, [["encryptedExpiryMonth", month], ["encryptedExpiryYear", year]], ([monthBlob, yearBlob]) => ({
        type: "year",
        encryptedExpiryDate: [
          { type: "month", encryptedFieldName: "encryptedExpiryMonth", blob: monthBlob },
          { type: "year", encryptedFieldName: "encryptedExpiryYear", blob: yearBlob },
        ],
        ...(exposeExpiryDate && { expiryDate }),
      }));
    } else {
      invalidate("dateKeyPressed", "");
    }
  };

  const blurDate = (): void => {
    const digits = input.value.replace(/\D/g, "");
    if (digits && digits.length < 4 && !shownError) invalidate("incomplete field", "cc.dat.911");
  };

  // --- Security code -------------------------------------------------------------------------------------------
  const evaluateCvc = (): void => {
    const digits = input.value.replace(/\D/g, "");
    const needed = cvcBrand === "amex" ? 4 : 3;
    if (digits.length === needed) {
      encrypt(`${cvcBrand === "amex" ? "4" : "3"}:${digits}`, [["encryptedSecurityCode", digits]], ([blob]) => ({
        encryptedSecurityCode: [{ type: "cvc", encryptedFieldName: "encryptedSecurityCode", blob }],
      }));
    } else {
      invalidate("cvcKeyPressed", "");
    }
  };

  const blurCvc = (): void => {
    const digits = input.value.replace(/\D/g, "");
    const needed = cvcBrand === "amex" ? 4 : 3;
    if (digits && digits.length < needed && !shownError) invalidate("incomplete field", cvcBrand === "amex" ? "cc.cvc.921.amex" : "cc.cvc.921");
  };

  const evaluate = (): void => {
    if (fieldType === "encryptedCardNumber") evaluateNumber();
    else if (fieldType === "encryptedExpiryDate") evaluateDate();
    else evaluateCvc();
  };

  // --- Typing --------------------------------------------------------------------------------------------------
  const format = (digits: string): string => {
    if (fieldType === "encryptedExpiryDate") return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
    if (fieldType === "encryptedSecurityCode") return digits;
    const groups = brandOf(digits).groups;
    const parts: string[] = [];
    let at = 0;
    for (const size of groups) {
      if (at >= digits.length) break;
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    if (at < digits.length) parts.push(digits.slice(at));
    return parts.join(" ");
  };

  /** Keeps the field's text formatted (digits only, grouped) with the caret after the same digit as before. */
  const reformat = (): void => {
    const caret = input.selectionStart ?? input.value.length;
    let digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, "").length;
    let digits = input.value.replace(/\D/g, "");
    // A first month digit above 1 can only be a single-digit month: 3 → 03.
    if (fieldType === "encryptedExpiryDate" && /^[2-9]/.test(digits)) {
      digits = `0${digits}`;
      digitsBeforeCaret += 1;
    }
    digits = digits.slice(0, maxDigits());
    const text = format(digits);
    if (text !== input.value) input.value = text;
    let position = 0;
    for (let seen = 0; position < text.length && seen < digitsBeforeCaret; position += 1) if (/\d/.test(text[position])) seen += 1;
    if (document.activeElement === input) input.setSelectionRange(position, position);
  };

  input.addEventListener("input", () => {
    reformat();
    evaluate();
  });
  input.addEventListener("focus", () => post("focus", { focus: true, numChars: input.value.replace(/\D/g, "").length }));
  input.addEventListener("blur", () => {
    post("focus", { focus: false, numChars: input.value.replace(/\D/g, "").length });
    if (fieldType === "encryptedCardNumber") blurNumber();
    else if (fieldType === "encryptedExpiryDate") blurDate();
    else blurCvc();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      post("enterKeyPressed");
    } else if (event.key === "Tab" && event.shiftKey && /firefox/i.test(navigator.userAgent)) {
      // Firefox keeps focus inside the frame on shift-tab: Adyen Web moves it to the previous field itself.
      event.preventDefault();
      post("shifttab");
    }
  });

  // --- The page's messages -------------------------------------------------------------------------------------
  const configure = (config: Json): void => {
    const type = config.fieldType;
    if (type !== "encryptedCardNumber" && type !== "encryptedExpiryDate" && type !== "encryptedSecurityCode") return;
    fieldType = type;
    numKey = config.numKey as number;
    const ui = (config.iframeUIConfig ?? {}) as Json;
    const ariaConfig = (ui.ariaConfig ?? {}) as Json;
    aria = (ariaConfig[fieldType] ?? {}) as AriaField;
    placeholders = (ui.placeholders ?? {}) as Record<string, string>;
    styles = (ui.sfStyles ?? {}) as Record<string, Record<string, unknown>>;
    exposeExpiryDate = config.exposeExpiryDate === true;
    minimumExpiryDate = typeof config.minimumExpiryDate === "string" ? config.minimumExpiryDate : null;
    if (config.cvcPolicy === "optional" || config.cvcPolicy === "hidden") cvcPolicy = config.cvcPolicy;
    if (config.expiryDatePolicy === "optional" || config.expiryDatePolicy === "hidden") datePolicy = config.expiryDatePolicy;
    if (typeof config.txVariant === "string" && config.txVariant !== "card") cvcBrand = config.txVariant;

    if (typeof ariaConfig.lang === "string") document.documentElement.lang = ariaConfig.lang;
    document.title = aria.iframeTitle ?? "";
    labelElement.textContent = aria.label ?? aria.iframeTitle ?? "";
    const numeric = config.legacyInputMode ? "tel" : "text";
    input.type = fieldType === "encryptedSecurityCode" && config.maskSecurityCode === true ? "password" : numeric;
    input.inputMode = "numeric";
    input.autocomplete = fieldType === "encryptedCardNumber" ? "cc-number" : fieldType === "encryptedExpiryDate" ? "cc-exp" : "cc-csc";
    input.setAttribute("aria-required", String(fieldType === "encryptedSecurityCode" ? cvcPolicy === "required" : fieldType === "encryptedExpiryDate" ? datePolicy === "required" : true));
    input.disabled = false;
    setPlaceholder();
    describe("");
    post("config");
  };

  const onPageMessage = (data: Json): void => {
    if (data.focus === true) input.focus();
    else if (data.focus === false) input.blur();
    if (data.styleObject && typeof data.styleObject === "object") {
      styles = data.styleObject as Record<string, Record<string, unknown>>;
      applyStyles();
    }
    if (data.externalValidation === true && typeof data.code === "string") {
      // Adyen Web validated the form (pay pressed): it shows the error; the field carries it for assistive technology.
      describe(data.code);
    }
    if (fieldType === "encryptedCardNumber") {
      if (typeof data.unsupportedCard === "boolean") {
        unsupported = data.unsupportedCard;
        shownError = unsupported && typeof data.code === "string" ? data.code : "";
        if (unsupported) {
          generation += 1;
          encryptedFor = null;
        }
        describe(shownError);
        if (!unsupported) evaluate();
      } else if (data.brand === "reset") {
        lookup = null;
        announcedBrand = null;
        evaluate();
      } else if (typeof data.brand === "string") {
        lookup = { brand: data.brand, enableLuhnCheck: data.enableLuhnCheck !== false, panLength: typeof data.panLength === "number" ? data.panLength : null };
        evaluate();
      }
    } else if (fieldType === "encryptedSecurityCode" && typeof data.brand === "string") {
      cvcBrand = data.brand;
      if (data.cvcPolicy === "required" || data.cvcPolicy === "optional" || data.cvcPolicy === "hidden") cvcPolicy = data.cvcPolicy;
      input.setAttribute("aria-required", String(cvcPolicy === "required"));
      setPlaceholder();
      const digits = input.value.replace(/\D/g, "");
      if (digits.length > maxDigits()) input.value = digits.slice(0, maxDigits());
      if (digits) evaluate();
      else describe(shownError);
    } else if (fieldType === "encryptedExpiryDate") {
      if (data.expiryDatePolicy === "required" || data.expiryDatePolicy === "optional" || data.expiryDatePolicy === "hidden") {
        datePolicy = data.expiryDatePolicy;
        input.setAttribute("aria-required", String(datePolicy === "required"));
      }
      if (typeof data.autoComplete === "string") {
        input.value = data.autoComplete;
        reformat();
        evaluate();
      }
    }
  };

  window.addEventListener("message", (event: MessageEvent) => {
    if (event.origin !== parentOrigin || event.source !== window.parent || typeof event.data !== "string") return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!data || typeof data !== "object") return;
    const message = data as Json;
    if (numKey === null) {
      if (typeof message.numKey === "number" && typeof message.fieldType === "string") configure(message);
      return;
    }
    if (message.numKey !== numKey) return;
    onPageMessage(message);
  });
}

/**
 * The script of the stand-in's device-fingerprint page (Adyen Web's risk module frames
 * `<loadingContext>assets/html/<clientKey>/dfp.1.0.0.html` and waits for a `deviceFingerprint` message from its
 * origin). It answers an opaque value at once, posted only to the page that frames it.
 */
export function deviceFingerprintFrame(): void {
  const ancestors = window.location.ancestorOrigins;
  let target = ancestors && ancestors.length > 0 ? ancestors[0] : "";
  if (!target && document.referrer) target = new URL(document.referrer).origin;
  if (!target || window.parent === window) return;
  const value = `standin-df-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("")}`;
  window.parent.postMessage(JSON.stringify({ type: "deviceFingerprint", value }), target);
}
