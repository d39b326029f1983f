/** The anchor of the privacy policy's matrimonial terms of use (the member login links to it). */
export const MATRIMONIAL_TERMS_ID = 'matrimonial-terms';
