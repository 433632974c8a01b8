// Product and shop pictures come from third-party URLs that may be gone (or unreachable, e.g. a
// locked-down admin network): a broken-image icon with alt text spilling out looks like a bug, so a
// picture that fails to load is replaced by `fallback`.
import { useState, type ReactNode } from "react";

interface Props {
  src: string | undefined;
  alt: string;
  size: number;
  className?: string;
  /** Shown when there is no picture or it fails to load. */
  fallback?: ReactNode;
}

export function OrderImage({ src, alt, size, className, fallback = null }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailedSrc(src)}
    />
  );
}
