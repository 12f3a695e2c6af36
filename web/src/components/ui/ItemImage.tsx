import type { ItemImage as Image } from '../../lib/api-client';

/**
 * A stored photo with explicit width and height (no layout shift), lazy by default, and a
 * `srcset` of the smaller widths the server made (`variants`) so a list never downloads
 * the full-size photo; without variants the one `url` is used.
 */
export function ItemImage({
  image,
  alt,
  sizes,
  eager,
  className,
}: {
  image: Image;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const variants = image.variants;
  const srcSet =
    variants.length > 0
      ? [
          ...variants.map((v) => `${v.url} ${v.width}w`),
          // The original only when it is wider than every copy.
          ...(image.width > (variants.at(-1)?.width ?? 0) ? [`${image.url} ${image.width}w`] : []),
        ].join(', ')
      : undefined;
  // Narrowest first (the API's order): the fallback `src` for browsers without srcset.
  const smallest = variants[0];
  return (
    <img
      src={smallest?.url ?? image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
}
