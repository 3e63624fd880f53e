import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const genders = ['male', 'female', 'diverse'] as const;
export const languages = ['de', 'en'] as const;
export type Language = (typeof languages)[number];

/** A person who signs in (spec §3 User and User profile). */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).unique(),
    passwordHash: p.string().hidden().lazy(),
    gender: p.enum(genders).default('male'),
    firstname: p.string().length(255),
    surname: p.string().length(255),
    emailVerified: p.boolean().default(false),
    /** The new address of a pending e-mail change. */
    emailUpdateRequest: p.string().length(254).nullable(),
    telephone: p.string().length(64).nullable(),
    mobile: p.string().length(64).nullable(),
    company: p.string().length(255).nullable(),
    department: p.text().nullable(),
    street: p.text().nullable(),
    postcode: p.string().length(255).nullable(),
    city: p.text().nullable(),
    country: p.string().length(2).default('de'),
    language: p.enum(languages).default('de'),
    /** Whether the user forced a colour mode; otherwise the browser preference applies. */
    forcedMode: p.boolean().default(false),
    darkMode: p.boolean().default(false),
    /** `wrapped` is the reduced (fixed) width, `fluid` the full width. */
    container: p.enum(['wrapped', 'fluid'] as const).default('fluid'),
    isPartner: p.boolean().default(false),
    /** Staff members may impersonate customers through the two-factor challenge. */
    isStaff: p.boolean().default(false),
    twoFactorEnabled: p.boolean().default(false),
    twoFactorConfirmed: p.boolean().default(false),
    technicalNotifications: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof User>;
