import { useId, type ReactNode } from "react";
import { phoneCopiedMessage, telHref } from "~/lib/contact-links";
import styles from "./call-button.module.css";

type CallButtonProps = {
  phone: string;
  className?: string;
  children: ReactNode;
};

/**
 * Spec §8: on an iPhone, iPad, iPod or Android the link opens the dialler;
 * anywhere else the number is copied and an in-page notice says so. The page's
 * first-tap script answers the click (app/lib/page-scripts/first-tap.ts, ADR
 * 078), from the first paint on, before and after hydration alike; without
 * JavaScript it is a plain tel: link.
 */
export function CallButton({ phone, className, children }: CallButtonProps) {
  const noticeId = useId();
  return (
    <>
      <a href={telHref(phone)} className={className} data-call-button={noticeId} data-phone={phone} data-copied={phoneCopiedMessage(phone)}>
        {children}
      </a>
      {/* The script writes the notice; React renders it empty and never compares or touches its content. */}
      <span id={noticeId} role="status" className={styles.notice} dangerouslySetInnerHTML={{ __html: "" }} />
    </>
  );
}
