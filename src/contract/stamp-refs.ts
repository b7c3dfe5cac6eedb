/** Crockford's base32: digits and capitals without I, L, O and U, which read as others. */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const STAMP_REF_LENGTH = 8;
