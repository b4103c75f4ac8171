/**
 * The delivery address form's id (conform's, the form element's), in a module of its own: the refusal summary
 * (DispositionFeedback) links to it without loading the form, which pages load lazily (the JavaScript budget).
 */
export const DELIVERY_FORM_ID = "delivery";
