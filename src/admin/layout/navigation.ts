import type { ComponentType } from 'react';
import { DocumentIcon, InboxIcon, QuoteIcon, RenewIcon, UsersIcon } from './icons.tsx';

export type NavItem = {
  label: string;
  icon: ComponentType<{ className?: string }>;
  /** Sub-items expand under the item; an item without them is a plain link. */
  children: { label: string; href: string }[];
  adminOnly?: boolean;
};

/** The back-office navigation; each area adds its entry here as it arrives. */
export const navigation: NavItem[] = [
  {
    label: 'Users',
    icon: UsersIcon,
    adminOnly: true,
    children: [
      { label: 'All Users', href: '/admin/user' },
      { label: 'Create a User', href: '/admin/user/create' },
    ],
  },
  {
    label: 'Posts',
    icon: DocumentIcon,
    children: [
      { label: 'All Posts', href: '/admin/posts' },
      { label: 'Create a Post', href: '/admin/posts/create' },
    ],
  },
  { label: 'Contacts', icon: InboxIcon, children: [{ label: 'All Contacts', href: '/admin/contacts' }] },
  { label: 'Quotes', icon: QuoteIcon, children: [{ label: 'Quote Requests', href: '/admin/quotes' }] },
  { label: 'Renewals', icon: RenewIcon, children: [{ label: 'Renewal Requests', href: '/admin/renewals' }] },
];
