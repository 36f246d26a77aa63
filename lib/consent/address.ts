import type { AddressKind } from './types';

/**
 * Addresses as consent records keep and compare them. A withdrawal must match every later message
 * to the same person however their address was typed: e-mail is trimmed and lower-cased (as the
 * loan files keep it), a phone number reduced to E.164, the form Twilio reports a sender in.
 */

export interface ConsentAddress {
  kind: AddressKind;
  address: string;
}

export function normalEmail(email: string): string | null {
  const address = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) && address.length <= 254 ? address : null;
}

/**
 * A phone number as E.164 (`+12085550142`), or null when it cannot be one. Numbers without a
 * country code are North American (the broker's market): ten digits, or eleven starting with 1.
 * Extensions and letters make no number: a typed "208-555-0142 ext 3" is not a textable phone.
 */
export function normalPhone(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export function normalAddress(kind: AddressKind, address: string): string | null {
  return kind === 'email' ? normalEmail(address) : normalPhone(address);
}
