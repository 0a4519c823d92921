/**
 * Every chunk the first view does not need, and the one loader of each, so a prefetch and the
 * later use share one download: sending a code by mail, the views after view 1, Firebase's phone
 * sign-in once the visitor picks the phone method, the resolver and PayPal's preload for a-ident,
 * the restyling of a page for a service other than its own brand, and what view 0 and the
 * hydration of the pre-rendered page do not need: the app's full check of the config
 * (startup.ts) and the flow after view 0 (login-flow.tsx).
 */
export const loadVerifyView = () => import('../features/verify/verify-view.tsx');
export const loadRedirectView = () => import('../features/redirect/redirect-view.tsx');
export const loadPaymentView = () => import('../features/payment/payment-view.tsx');
export const loadSendStep = () => import('./send-step.ts');
export const loadSendPhoneCode = () => import('../features/send-code/send-phone-code.ts');
export const loadVerifyStep = () => import('./verify-step.ts');
export const loadVerifyFirebaseCode = () => import('../features/verify/verify-firebase-code.ts');
export const loadResolverStep = () => import('./resolver-step.ts');
export const loadPayPalPreload = () => import('../features/payment/preload-paypal.ts');
export const loadApplyBrand = () => import('../features/branding/apply-brand.ts');
export const loadLoginFlow = () => import('./login-flow.tsx');
export const loadStartup = () => import('./startup.ts');
export const loadPendingSendCode = () => import('./pending-send-code.tsx');
export const loadProgressStore = () => import('./progress-store.ts');
