/**
 * Code the first view does not need, loaded when its step comes near: the phone path (with
 * Firebase) once the visitor picks the phone method, the code check once a code is on its way,
 * the payment view while the resolver answers. One loader each, so prefetch and render share a chunk.
 */
export const loadPhoneStep = () => import('./phone-step.ts');
export const loadPhoneAuth = () => import('../features/phone/firebase-phone.ts');
export const loadVerifyStep = () => import('./verify-step.ts');
export const loadPaymentView = () => import('../features/payment/payment-view.tsx');
