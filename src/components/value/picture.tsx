// Product, shop and order pictures come from URLs that may be gone (or unreachable, e.g. a
// locked-down admin network): a broken-image icon with alt text spilling out looks like a bug, so a
// picture that is missing or fails to load leaves a placeholder of its size in its place.
import { useState, type ReactNode } from "react";
import classNames from "classnames";
import { PictureOutlined } from "@ant-design/icons";
import "@/styles/kit.css";

interface Props {
  src: string | null | undefined;
  alt: string;
  /** Width and height, in CSS pixels, of the picture and of its placeholder. */
  size: number;
  className?: string;
  /** Shown instead of the picture; a neutral picture-icon box of the same size by default. */
  placeholder?: ReactNode;
}

/** A neutral box with a picture icon: where a picture would be. Decorative (the name is beside it). */
export function PicturePlaceholder({ size, className }: { size: number; className?: string }) {
  return (
    <span
      className={classNames("kit-picture-placeholder", className)}
      style={{ width: size, height: size, fontSize: Math.max(12, Math.round(size * 0.4)) }}
      aria-hidden="true"
      data-testid="picture-placeholder"
    >
      <PictureOutlined />
    </span>
  );
}

export function Picture({ src, alt, size, className, placeholder }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{placeholder ?? <PicturePlaceholder size={size} className={className} />}</>;
  return <img className={className} src={src} alt={alt} width={size} height={size} loading="lazy" onError={() => setFailedSrc(src)} />;
}
