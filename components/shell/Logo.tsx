/** The product mark: a stylised bluebonnet flower. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" fill="#1f43a6" />
      <path d="M16 26V13" stroke="#9fd39a" strokeWidth="2" strokeLinecap="round" />
      <circle cx="16" cy="8" r="3" fill="#ffffff" />
      <circle cx="12" cy="12" r="2.6" fill="#b9ccff" />
      <circle cx="20" cy="12" r="2.6" fill="#b9ccff" />
      <circle cx="11.5" cy="17" r="2.4" fill="#7d9cf5" />
      <circle cx="20.5" cy="17" r="2.4" fill="#7d9cf5" />
    </svg>
  );
}
