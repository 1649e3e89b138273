export default {
  insufficient_permission: {
    title: 'This key cannot read {{area}}',
    body: 'The API key of this profile lacks the permission {{permission}}.',
    next: 'Ask the business owner to add {{permission}} to this key in the application, under Settings → API keys. The change applies to the next request; then press Try again.',
  },
  missing_api_key: {
    title: 'No API key was sent',
    body: 'This profile has no key stored, so the request went out without one.',
    next: 'Open Connection profiles and replace the key of this profile.',
  },
  invalid_api_key: {
    title: 'The API key is not valid',
    body: 'The service does not recognise this key. It may be mistyped, belong to another environment (live or test), or have been replaced.',
    next: 'Copy the full key again from the application and replace the key of this profile. Check that TEST or LIVE matches the key.',
  },
  expired_api_key: {
    title: 'The API key has expired',
    body: 'Every key has an expiry date, and this one has passed.',
    next: 'Ask the business owner to create or rotate a key in the application, then replace the key of this profile.',
  },
  revoked_api_key: {
    title: 'The API key was revoked',
    body: 'The key was revoked in the application. Revocation is permanent.',
    next: 'Ask the business owner for a new key, then replace the key of this profile.',
  },
  api_access_inactive: {
    title: 'API access is inactive for this business',
    body: 'The subscription or the business is not active. The key is kept and works again once access is restored.',
    next: 'Ask the business owner to restore the subscription; no change is needed here.',
  },
  ip_not_allowed: {
    title: 'This computer’s address is not allowed',
    body: 'The key only accepts requests from listed addresses, and this computer’s address is not on the list.',
    next: 'Ask the business owner to add this computer’s address to the key’s allowlist in the application.',
  },
  insufficient_write: {
    title: 'This key cannot change {{area}}',
    body: 'The API key of this profile lacks the permission {{permission}}.',
    next: 'Ask the business owner to add {{permission}} to this key in the application, under Settings → API keys. Nothing was changed.',
  },
  feature_disabled: {
    title: 'Expenses are not enabled',
    body: 'The expense feature is turned off for this business.',
    next: 'Ask the business owner to enable expenses in the application.',
  },
  permission: 'Missing permission',
  openProfiles: 'Open connection profiles',
} as const;
