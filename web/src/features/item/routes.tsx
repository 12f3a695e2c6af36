import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Loading, Notice, PageState, StatusBadge } from '../../components/ui/Feedback';
import { Price } from '../../components/ui/Price';
import { ApiError, type Item } from '../../lib/api-client';
import { formatTime, formatWait } from '../../lib/format';
import { useCart, useFavorites, useMe, useShopName } from '../../lib/queries';
import { categoryPath, useAddToCart, useCategoryTree, useFavoriteToggle, useItem } from './api';
import { AskAboutPiece } from './components/AskAboutPiece';
import { Gallery } from './components/Gallery';
import styles from './components/Item.module.css';
import { ItemDetails } from './components/ItemDetails';

function Breadcrumb({ item }: { item: Item }) {
  const tree = useCategoryTree();
  const path = item.category && tree.data ? categoryPath(tree.data, item.category.id) : [];
  const trail = path.length > 0 ? path : item.category ? [item.category] : [];
  return (
    <nav aria-label="Breadcrumb" className={styles.crumbs}>
      <ol>
        <li>
          <Link to="/">Shop</Link>
        </li>
        {trail.map((category) => (
          <li key={category.id}>
            <Link to={`/?category=${category.id}`}>{category.name}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function FavoriteButton({ item }: { item: Item }) {
  const favorites = useFavorites(true);
  const toggle = useFavoriteToggle(item.id);
  const saved =
    toggle.isPending && toggle.variables !== undefined
      ? toggle.variables
      : Boolean(favorites.data?.items.some((favorite) => favorite.id === item.id));
  return (
    <Button
      variant="secondary"
      aria-pressed={saved}
      disabled={favorites.isPending}
      onClick={() => toggle.mutate(!saved)}
    >
      {saved ? '♥ Saved to favorites' : '♡ Save to favorites'}
    </Button>
  );
}

/**
 * The shopper's own hold on the piece ended a short while ago (removed, or run out):
 * they may hold it again one hold window later (docs/decisions.md, Commerce: cool-down).
 */
function CoolingDown({ until }: { until: string }) {
  const wait = formatWait((new Date(until).getTime() - Date.now()) / 1000);
  return (
    <Notice tone="error" role="alert">
      You let this piece go recently, so you cannot hold it again straight away. You can hold it
      again from {formatTime(until)} (in {wait}). Until then anyone else may take it.
    </Notice>
  );
}

function Buying({ item, signedIn }: { item: Item; signedIn: boolean }) {
  const cart = useCart(signedIn);
  const add = useAddToCart(item.id);
  const inMyCart = Boolean(cart.data?.items.some((held) => held.id === item.id));

  const refused = add.error instanceof ApiError && add.error.code === 'item_unavailable';
  // The server says when it was the shopper's own cool-down, not someone else's hold.
  const againAt = add.error instanceof ApiError ? add.error.availableAgainAt : undefined;
  if (refused && againAt) return <CoolingDown until={againAt} />;
  // The refusal is read again with the item (now reserved or sold): say why the click
  // failed, not only what the piece is now.
  if (refused)
    return (
      <Notice tone="error" role="alert">
        Just taken: someone else put this piece in their cart a moment ago.
      </Notice>
    );
  if (item.status === 'sold') return <Notice>This piece has been sold.</Notice>;
  if (inMyCart)
    return (
      <Notice tone="success" role="status">
        It is in your cart. <Link to="/cart">Go to your cart</Link>
      </Notice>
    );
  if (item.status === 'reserved')
    return <Notice>This piece is in someone's cart right now. It may come back.</Notice>;
  if (!signedIn)
    return (
      <Notice>
        <Link to="/account/sign-in">Sign in</Link> or{' '}
        <Link to="/account/register">create an account</Link> to buy it or save it to your
        favorites.
      </Notice>
    );
  return (
    <>
      <div className={styles.actions}>
        <Button onClick={() => add.mutate()} disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add to cart'}
        </Button>
      </div>
      {add.error && (
        <Notice tone="error" role="alert">
          {add.error.message}
        </Notice>
      )}
    </>
  );
}

export default function ItemPage() {
  const { id } = useParams();
  const itemId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0;
  const item = useItem(itemId);
  const me = useMe();
  const cart = useCart(Boolean(me.data));

  const shopName = useShopName();
  useEffect(() => {
    if (item.data) document.title = `${item.data.title} · ${shopName}`;
  }, [item.data, shopName]);

  if (itemId === 0 || (item.error instanceof ApiError && item.error.status === 404))
    return (
      <PageState
        headingLevel={1}
        title="This piece is not here"
        action={<ButtonLink to="/">Browse the shop</ButtonLink>}
      >
        <p>It may have been taken down, or the link is mistyped.</p>
      </PageState>
    );
  if (item.isError)
    return (
      <PageState headingLevel={1} title="This piece could not be loaded">
        <p>{item.error.message}</p>
      </PageState>
    );
  if (!item.data) return <Loading />;
  const data = item.data;
  const signedIn = Boolean(me.data);

  return (
    <article>
      <Breadcrumb item={data} />
      <div className={styles.layout}>
        <Gallery item={data} />
        <div className={styles.details}>
          <h1>{data.title}</h1>
          <div>
            <StatusBadge
              status={data.status}
              mine={Boolean(cart.data?.items.some((held) => held.id === data.id))}
            />
          </div>
          <Price cents={data.price_cents} className={styles.price} />
          {data.tags.length > 0 && (
            <ul className={styles.tags} aria-label="Tags">
              {data.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={`/?tags=${tag.slug}`} style={{ backgroundColor: tag.colour }}>
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {data.description && <p className={styles.description}>{data.description}</p>}
          <ItemDetails item={data} />
          <Buying item={data} signedIn={signedIn} />
          {signedIn && (
            <div className={styles.actions}>
              <FavoriteButton item={data} />
            </div>
          )}
          <AskAboutPiece itemId={data.id} asker={me.data ?? null} />
        </div>
      </div>
    </article>
  );
}
