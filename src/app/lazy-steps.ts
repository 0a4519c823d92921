/**
 * Code the first view does not need, loaded when its step comes near: the phone path (with
 * Firebase) once the visitor picks the phone method, the code check once a code is on its way.
 */
export const loadPhoneStep = () => import('./phone-step.ts');
export const loadPhoneAuth = () => import('../features/phone/firebase-phone.ts');
export const loadVerifyStep = () => import('./verify-step.ts');
