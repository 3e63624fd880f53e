import { isValidPhoneNumber } from 'libphonenumber-js/max';

/** National numbers without a country prefix are read as German ones. */
export const phoneDefaultRegion = 'DE';

/** A phone number (of a user, a customer, a domain handle) is valid when libphonenumber knows it as a possible, valid number (region DE by default). */
export const isValidPhone = (value: string): boolean => isValidPhoneNumber(value, phoneDefaultRegion);
