import type { Resource } from "i18next";
import arAddress from "./ar/address.json";
import arCart from "./ar/cart.json";
import arCheckout from "./ar/checkout.json";
import arCommon from "./ar/common.json";
import arErrors from "./ar/errors.json";
import arHome from "./ar/home.json";
import arMenu from "./ar/menu.json";
import arOrdertime from "./ar/ordertime.json";
import arStores from "./ar/stores.json";
import arStore from "./ar/store.json";
import arTracker from "./ar/tracker.json";
import arTracking from "./ar/tracking.json";
import arValidation from "./ar/validation.json";
import enAddress from "./en/address.json";
import enCart from "./en/cart.json";
import enCheckout from "./en/checkout.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enHome from "./en/home.json";
import enMenu from "./en/menu.json";
import enOrdertime from "./en/ordertime.json";
import enStores from "./en/stores.json";
import enStore from "./en/store.json";
import enTracker from "./en/tracker.json";
import enTracking from "./en/tracking.json";
import enValidation from "./en/validation.json";
import esAddress from "./es/address.json";
import esCart from "./es/cart.json";
import esCheckout from "./es/checkout.json";
import esCommon from "./es/common.json";
import esErrors from "./es/errors.json";
import esHome from "./es/home.json";
import esMenu from "./es/menu.json";
import esOrdertime from "./es/ordertime.json";
import esStores from "./es/stores.json";
import esStore from "./es/store.json";
import esTracker from "./es/tracker.json";
import esTracking from "./es/tracking.json";
import esValidation from "./es/validation.json";
import arAccount from "./ar/account.json";
import arProfile from "./ar/profile.json";
import arPlaces from "./ar/places.json";
import arHistory from "./ar/history.json";
import enAccount from "./en/account.json";
import enProfile from "./en/profile.json";
import enPlaces from "./en/places.json";
import enHistory from "./en/history.json";
import esAccount from "./es/account.json";
import esProfile from "./es/profile.json";
import esPlaces from "./es/places.json";
import esHistory from "./es/history.json";
import arGame from "./ar/game.json";
import enGame from "./en/game.json";
import esGame from "./es/game.json";
import arCoupons from "./ar/coupons.json";
import enCoupons from "./en/coupons.json";
import esCoupons from "./es/coupons.json";
import arPayment from "./ar/payment.json";
import enPayment from "./en/payment.json";
import esPayment from "./es/payment.json";

/** Every translation, by language and namespace. The server reads it directly; the browser fetches /locales. */
export const resources = {
  es: { common: esCommon, errors: esErrors, validation: esValidation, home: esHome, menu: esMenu, cart: esCart, checkout: esCheckout, tracker: esTracker, tracking: esTracking, stores: esStores, address: esAddress, ordertime: esOrdertime, store: esStore, account: esAccount, profile: esProfile, places: esPlaces, history: esHistory, game: esGame, coupons: esCoupons, payment: esPayment },
  en: { common: enCommon, errors: enErrors, validation: enValidation, home: enHome, menu: enMenu, cart: enCart, checkout: enCheckout, tracker: enTracker, tracking: enTracking, stores: enStores, address: enAddress, ordertime: enOrdertime, store: enStore, account: enAccount, profile: enProfile, places: enPlaces, history: enHistory, game: enGame, coupons: enCoupons, payment: enPayment },
  ar: { common: arCommon, errors: arErrors, validation: arValidation, home: arHome, menu: arMenu, cart: arCart, checkout: arCheckout, tracker: arTracker, tracking: arTracking, stores: arStores, address: arAddress, ordertime: arOrdertime, store: arStore, account: arAccount, profile: arProfile, places: arPlaces, history: arHistory, game: arGame, coupons: arCoupons, payment: arPayment },
} satisfies Resource;
