import { useEffect, useState, type ReactNode } from "react";
import { isDiallerDevice, phoneCopiedMessage, telHref } from "~/lib/contact-links";
import styles from "./call-button.module.css";

type CallButtonProps = {
  phone: string;
  className?: string;
  children: ReactNode;
};

/**
 * Spec §8: on an iPhone, iPad, iPod or Android the link opens the dialler;
 * anywhere else the number is copied and an in-page notice says so.
 * Without JavaScript it is a plain tel: link.
 */
export function CallButton({ phone, className, children }: CallButtonProps) {
  const [notice, setNotice] = useState("");

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(""), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <>
      <a
        href={telHref(phone)}
        className={className}
        onClick={(event) => {
          if (isDiallerDevice(navigator.userAgent)) return;
          event.preventDefault();
          const show = () => setNotice(phoneCopiedMessage(phone));
          navigator.clipboard?.writeText(phone).then(show, show);
        }}
      >
        {children}
      </a>
      <span role="status" className={notice ? styles.notice : "visually-hidden"}>
        {notice}
      </span>
    </>
  );
}
