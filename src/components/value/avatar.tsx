// A round picture with letters in its place when there is none or it fails to load (a user's
// initial, a token's symbol), drawn as antd's Avatar draws it. antd's Avatar measures its letters
// after mounting, to shrink text wider than the circle: a forced layout and two more renders per
// avatar, a third of the Users list's mount. These are one or two letters, which always fit.
import { useState } from "react";
import classNames from "classnames";
import { Avatar as AntdAvatar } from "antd";
import "@/styles/kit.css";

export interface AvatarProps {
  src?: string | null;
  /** The picture's alternative text; empty when a name beside it says who this is. */
  alt: string;
  /** Shown without a picture, or when it fails to load. */
  text: string;
  /** Width and height in CSS pixels (antd's default, 32, otherwise). */
  size?: number;
  className?: string;
}

export const Avatar = __BENCH_PLAIN_AVATAR__ ? PlainAvatar : HandAvatar;

/** The bench's plain way (src/bench/plain.d.ts): antd's Avatar. */
function PlainAvatar({ src, alt, text, size, className }: AvatarProps) {
  return (
    <AntdAvatar src={src || undefined} alt={alt} size={size} className={className}>
      {text}
    </AntdAvatar>
  );
}

function HandAvatar({ src, alt, text, size, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const picture = src && failedSrc !== src ? src : null;
  // antd's sizes: a custom size keeps 18 px letters.
  const style = size === undefined ? undefined : { width: size, height: size, fontSize: 18 };
  return (
    <span className={classNames("kit-avatar", picture && "kit-avatar--image", className)} style={style}>
      {picture ? <img src={picture} alt={alt} onError={() => setFailedSrc(picture)} /> : <span className="kit-avatar__text">{text}</span>}
    </span>
  );
}
