/** The query keys that several features read or refresh: one spelling each. */

/** What the plan allows and what the account uses (GET /api/me/limits): uploads and links change it. */
export const limitsQueryKey = ['me', 'limits'] as const;
