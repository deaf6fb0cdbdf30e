/** Small inline icons (decorative: their text labels carry the meaning). */
type IconProps = { className?: string };

function Icon({ path, className }: IconProps & { path: string }) {
  return (
    <svg className={className ?? 'admin-icon'} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** One icon per drawing; each is a component of its own so screens write `<UsersIcon />`. */
const svg = (path: string) => (props: IconProps) => <Icon path={path} {...props} />;

export const UsersIcon = svg('M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8');
export const InboxIcon = svg('M22 12h-6l-2 3h-4l-2-3H2M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z');
export const LogoutIcon = svg('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
export const MenuIcon = svg('M3 6h18M3 12h18M3 18h18');
export const CloseIcon = svg('M18 6 6 18M6 6l12 12');
export const ChevronIcon = svg('m6 9 6 6 6-6');
export const LockIcon = svg('M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4');
export const DocumentIcon = svg('M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8');
export const QuoteIcon = svg('M9 11l3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11');
export const RenewIcon = svg('M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5');
export const DashboardIcon = svg('M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z');
export const AuditIcon = svg('M12 8v4l3 3M3.05 11a9 9 0 1 1 .5 4M3 4v5h5');
export const MailIcon = svg('M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6');
export const CollapseIcon = svg('m11 17-5-5 5-5M18 17l-5-5 5-5');
export const ExpandIcon = svg('m13 17 5-5-5-5M6 17l5-5-5-5');
/** A shield (Lucide's): data-subject requests. */
export const PrivacyIcon = svg(
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
);
export const ContentIcon = svg('M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z');
