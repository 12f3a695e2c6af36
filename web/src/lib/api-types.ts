// Generated from the server's OpenAPI document by `npm run api:types`. Do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers (nothing else is checked) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers; says whether rate limits are shared */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ready" | "degraded";
                            /** @enum {string} */
                            database: "up";
                            /** @enum {string} */
                            rate_limits: "shared" | "local" | "local-fallback";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client-errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report an error the web client hit while rendering */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Where in the web client it happened
                         * @enum {string}
                         */
                        context: "storefront" | "item" | "account" | "cart" | "admin" | "upload";
                        message: string;
                        stack?: string | null;
                        component_stack?: string | null;
                        url?: string | null;
                        user_agent?: string | null;
                    };
                };
            };
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List visible items with their images and tags */
        get: {
            parameters: {
                query?: {
                    /** @description A category id: that category and everything beneath it */
                    category?: number;
                    /** @description Comma-separated tag slugs; an item must carry all */
                    tags?: string;
                    /** @description Cents */
                    min_price?: number;
                    /** @description Cents */
                    max_price?: number;
                    /** @description pending only in the admin list */
                    status?: "pending" | "available" | "reserved" | "sold";
                    /** @description Comma-separated conditions (new, like_new, good, fair, for_parts); an item must be in one of them */
                    condition?: string;
                    /** @description Words to find in title and description */
                    q?: string;
                    sort?: "newest" | "price_asc" | "price_desc";
                    limit?: number;
                    /** @description next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Item"][];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Not modified: the ETag sent in If-None-Match is still current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One visible item */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                        };
                    };
                };
                /** @description Not modified: the ETag sent in If-None-Match is still current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Category tree, tag counts and price bounds */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categories: components["schemas"]["CategoryNode"][];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                                /** @description Non-pending items with the tag */
                                count: number;
                            }[];
                            price: {
                                min: number | null;
                                max: number | null;
                            };
                        };
                    };
                };
                /** @description Not modified: the ETag sent in If-None-Match is still current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in as the admin; sets the shop_admin cookie */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends this admin session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in admin */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/upload-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every upload link with its use (tokens are never shown again) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            upload_links: {
                                id: number;
                                label: string | null;
                                contact_email: string | null;
                                max_submissions: number | null;
                                submission_count: number;
                                revoked_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Create an upload link; the token is in this answer only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        contact_email: string;
                        /** @description Defaults to 20; null means unlimited */
                        max_submissions?: number | null;
                        label?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            label: string | null;
                            contact_email: string | null;
                            max_submissions: number | null;
                            submission_count: number;
                            revoked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Shown this once; only its digest is stored */
                            token: string;
                            /** @description The upload page for the contact */
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/upload-links/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an upload link: it takes no more submissions */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            label: string | null;
                            contact_email: string | null;
                            max_submissions: number | null;
                            submission_count: number;
                            revoked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Items in every state; the storefront filters plus status=pending and new_submissions */
        get: {
            parameters: {
                query?: {
                    /** @description A category id: that category and everything beneath it */
                    category?: number;
                    /** @description Comma-separated tag slugs; an item must carry all */
                    tags?: string;
                    /** @description Cents */
                    min_price?: number;
                    /** @description Cents */
                    max_price?: number;
                    /** @description pending only in the admin list */
                    status?: "pending" | "available" | "reserved" | "sold";
                    /** @description Comma-separated conditions (new, like_new, good, fair, for_parts); an item must be in one of them */
                    condition?: string;
                    /** @description Words to find in title and description */
                    q?: string;
                    sort?: "newest" | "price_asc" | "price_desc";
                    limit?: number;
                    /** @description next_cursor of the previous page */
                    cursor?: string;
                    /** @description true: only pending submissions whose draft is not yet accepted or dismissed */
                    new_submissions?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["AdminItem"][];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Create an item by hand (pending) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title: string;
                        description?: string;
                        /** @description Cents */
                        price_cents?: number;
                        category_id?: number | null;
                        tag_ids?: number[];
                        weight_grams?: number | null;
                        dimensions?: {
                            width_mm?: number | null;
                            height_mm?: number | null;
                            depth_mm?: number | null;
                        };
                        condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                        condition_note?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One item in any state, with its images and draft */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a pending or available item that never sold; its photos go too */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Edit; a price set here is a manual price */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title?: string;
                        description?: string;
                        /** @description Cents */
                        price_cents?: number;
                        category_id?: number | null;
                        tag_ids?: number[];
                        weight_grams?: number | null;
                        dimensions?: {
                            width_mm?: number | null;
                            height_mm?: number | null;
                            depth_mm?: number | null;
                        };
                        condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                        condition_note?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/admin/items/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** pending → available; answers warnings (no photo, no category, default price) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                            warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reserved → available: end a customer’s hold */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** available → pending; refused for reserved and sold */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/mark-sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Any state but sold → sold */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/images/{image_id}/restore-original": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put the original photo back */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    image_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The category tree */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categories: components["schemas"]["CategoryNode"][];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Create a category, at the top or under a parent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        slug?: string;
                        parent_id?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            slug: string;
                            parent_id: number | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a category that has no subcategories and no items */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename or move */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        slug?: string;
                        parent_id?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            slug: string;
                            parent_id: number | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/admin/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tag with its colour and how many items carry it */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                                /** @description Items in any state */
                                item_count: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Create a tag */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            slug: string;
                            /** @description Derived from the slug; readable with white text */
                            colour: string;
                            /** @description Items in any state */
                            item_count: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a tag; it is taken off every item that had it */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a tag or change its slug (its colour follows the slug) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        slug?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            slug: string;
                            /** @description Derived from the slug; readable with white text */
                            colour: string;
                            /** @description Items in any state */
                            item_count: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/admin/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customers, newest first, with a display name and status */
        get: {
            parameters: {
                query?: {
                    /** @description Part of a name or an email address */
                    q?: string;
                    status?: "active" | "disabled";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            customers: {
                                id: number;
                                email: string;
                                display_name: string;
                                /** @enum {string} */
                                status: "active" | "disabled";
                                email_verified: boolean;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One customer: the row, favorites count, current holds and purchases */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            display_name: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            email_verified: boolean;
                            /** Format: date-time */
                            created_at: string;
                            favorites_count: number;
                            /** @description Items in the cart now (live holds), soonest deadline first */
                            holds: {
                                item_id: number;
                                title: string;
                                price_cents: number;
                                /** Format: date-time */
                                reserved_until: string;
                            }[];
                            /** @description Items sold to this customer, newest first */
                            purchases: {
                                item_id: number;
                                title: string;
                                price_cents: number;
                                /** Format: date-time */
                                sold_at: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/customers/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable: sessions end, reserved items are released */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            display_name: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            email_verified: boolean;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/customers/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable: sign-in works again; items are not given back */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            display_name: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            email_verified: boolean;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drafts of intake submissions, newest first, optionally by state */
        get: {
            parameters: {
                query?: {
                    state?: "queued" | "processing" | "drafted" | "failed" | "accepted" | "dismissed";
                    /** @description true: the inbox, drafts whose item is still pending; false: drafts whose item was published, held or sold since (kept with their state). Absent: every draft */
                    item_pending?: boolean;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            drafts: components["schemas"]["Draft"][];
                            next_cursor: string | null;
                            configured_model: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/drafts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One draft with its suggestions and photos */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            item_id: number;
                            state: "queued" | "processing" | "drafted" | "failed" | "accepted" | "dismissed";
                            note: string;
                            remove_background: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Runs of the drafting step so far */
                            attempts: number;
                            last_error: string | null;
                            last_error_code: ("published_first" | "paused" | "run_failed") | null;
                            lease_until: string | null;
                            drafted_at: string | null;
                            reviewed_at: string | null;
                            model: string | null;
                            suggestions: {
                                title: string;
                                description: string;
                                price_cents: number;
                                category_id: number | null;
                                /** @description Tags from the registry */
                                tag_ids: number[];
                                /** @description Tags the model wanted that the registry does not have; never created here */
                                proposed_tags: string[];
                                condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                                weight_grams?: number | null;
                                dimensions?: {
                                    width_mm: number | null;
                                    height_mm: number | null;
                                    depth_mm: number | null;
                                } | null;
                            } | null;
                            cutouts: {
                                image_id: number;
                                applied: boolean;
                                reason: string | null;
                            }[];
                            link: {
                                id: number;
                                label: string | null;
                                contact_email: string | null;
                            } | null;
                            item: {
                                title: string;
                                status: string;
                                price_cents: number;
                                /** @enum {string} */
                                price_source: "model" | "default" | "manual";
                            };
                            photos: {
                                id: number;
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                has_original: boolean;
                                original_url: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/drafts/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply all or part of the suggestions to the item (nothing is published) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            /** @description The fields to apply to the item: true takes the suggestion, a value is an edit. Nothing is published. */
            requestBody: {
                content: {
                    "application/json": {
                        title?: true | string;
                        description?: true | string;
                        price_cents?: true | number;
                        category_id?: true | (number | null);
                        tag_ids?: true | number[];
                        condition?: true | (("new" | "like_new" | "good" | "fair" | "for_parts") | null);
                        weight_grams?: true | (number | null);
                        dimensions?: true | {
                            width_mm?: number | null;
                            height_mm?: number | null;
                            depth_mm?: number | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            item_id: number;
                            state: "queued" | "processing" | "drafted" | "failed" | "accepted" | "dismissed";
                            note: string;
                            remove_background: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Runs of the drafting step so far */
                            attempts: number;
                            last_error: string | null;
                            last_error_code: ("published_first" | "paused" | "run_failed") | null;
                            lease_until: string | null;
                            drafted_at: string | null;
                            reviewed_at: string | null;
                            model: string | null;
                            suggestions: {
                                title: string;
                                description: string;
                                price_cents: number;
                                category_id: number | null;
                                /** @description Tags from the registry */
                                tag_ids: number[];
                                /** @description Tags the model wanted that the registry does not have; never created here */
                                proposed_tags: string[];
                                condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                                weight_grams?: number | null;
                                dimensions?: {
                                    width_mm: number | null;
                                    height_mm: number | null;
                                    depth_mm: number | null;
                                } | null;
                            } | null;
                            cutouts: {
                                image_id: number;
                                applied: boolean;
                                reason: string | null;
                            }[];
                            link: {
                                id: number;
                                label: string | null;
                                contact_email: string | null;
                            } | null;
                            item: {
                                title: string;
                                status: string;
                                price_cents: number;
                                /** @enum {string} */
                                price_source: "model" | "default" | "manual";
                            };
                            photos: {
                                id: number;
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                has_original: boolean;
                                original_url: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/drafts/{id}/rerun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Draft it again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            item_id: number;
                            state: "queued" | "processing" | "drafted" | "failed" | "accepted" | "dismissed";
                            note: string;
                            remove_background: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Runs of the drafting step so far */
                            attempts: number;
                            last_error: string | null;
                            last_error_code: ("published_first" | "paused" | "run_failed") | null;
                            lease_until: string | null;
                            drafted_at: string | null;
                            reviewed_at: string | null;
                            model: string | null;
                            suggestions: {
                                title: string;
                                description: string;
                                price_cents: number;
                                category_id: number | null;
                                /** @description Tags from the registry */
                                tag_ids: number[];
                                /** @description Tags the model wanted that the registry does not have; never created here */
                                proposed_tags: string[];
                                condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                                weight_grams?: number | null;
                                dimensions?: {
                                    width_mm: number | null;
                                    height_mm: number | null;
                                    depth_mm: number | null;
                                } | null;
                            } | null;
                            cutouts: {
                                image_id: number;
                                applied: boolean;
                                reason: string | null;
                            }[];
                            link: {
                                id: number;
                                label: string | null;
                                contact_email: string | null;
                            } | null;
                            item: {
                                title: string;
                                status: string;
                                price_cents: number;
                                /** @enum {string} */
                                price_source: "model" | "default" | "manual";
                            };
                            photos: {
                                id: number;
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                has_original: boolean;
                                original_url: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/drafts/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the suggestions aside */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            item_id: number;
                            state: "queued" | "processing" | "drafted" | "failed" | "accepted" | "dismissed";
                            note: string;
                            remove_background: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Runs of the drafting step so far */
                            attempts: number;
                            last_error: string | null;
                            last_error_code: ("published_first" | "paused" | "run_failed") | null;
                            lease_until: string | null;
                            drafted_at: string | null;
                            reviewed_at: string | null;
                            model: string | null;
                            suggestions: {
                                title: string;
                                description: string;
                                price_cents: number;
                                category_id: number | null;
                                /** @description Tags from the registry */
                                tag_ids: number[];
                                /** @description Tags the model wanted that the registry does not have; never created here */
                                proposed_tags: string[];
                                condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                                weight_grams?: number | null;
                                dimensions?: {
                                    width_mm: number | null;
                                    height_mm: number | null;
                                    depth_mm: number | null;
                                } | null;
                            } | null;
                            cutouts: {
                                image_id: number;
                                applied: boolean;
                                reason: string | null;
                            }[];
                            link: {
                                id: number;
                                label: string | null;
                                contact_email: string | null;
                            } | null;
                            item: {
                                title: string;
                                status: string;
                                price_cents: number;
                                /** @enum {string} */
                                price_source: "model" | "default" | "manual";
                            };
                            photos: {
                                id: number;
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                has_original: boolean;
                                original_url: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outgoing mail, newest first: pending, sent (without body) and failed */
        get: {
            parameters: {
                query?: {
                    state?: "pending" | "sent" | "failed";
                    limit?: number;
                    /** @description From next_cursor */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mails: {
                                id: number;
                                /** @description Which mail: verification, password-reset, upload-link, … */
                                template: string;
                                recipient: string;
                                /** @enum {string} */
                                state: "pending" | "sent" | "failed";
                                attempts: number;
                                last_error: string | null;
                                next_attempt_at: string | null;
                                customer_id: number | null;
                                item_id: number | null;
                                /** Format: date-time */
                                created_at: string;
                                sent_at: string | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a failed mail again (its attempts start over) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Which mail: verification, password-reset, upload-link, … */
                            template: string;
                            recipient: string;
                            /** @enum {string} */
                            state: "pending" | "sent" | "failed";
                            attempts: number;
                            last_error: string | null;
                            next_attempt_at: string | null;
                            customer_id: number | null;
                            item_id: number | null;
                            /** Format: date-time */
                            created_at: string;
                            sent_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/invoice.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order’s invoice; 404 before it is paid */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invoice as a PDF (application/pdf), drawn from the invoice as issued */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders, newest first; filter by state, search number, email or name */
        get: {
            parameters: {
                query?: {
                    state?: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                    /** @description Part of the order number, the buyer’s email or name */
                    q?: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orders: {
                                id: number;
                                /** @description Human-friendly order number, e.g. SO-000042 */
                                number: string;
                                /** @enum {string} */
                                state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                                customer_id: number | null;
                                buyer: {
                                    name: string | null;
                                    email: string | null;
                                };
                                /** @enum {string} */
                                fulfilment: "shipping" | "pickup";
                                shipping_address: {
                                    name: string;
                                    line1: string;
                                    line2: string | null;
                                    postal_code: string;
                                    city: string;
                                    country: string;
                                    phone: string | null;
                                } | null;
                                note: string | null;
                                lines: {
                                    item_id: number | null;
                                    title: string;
                                    price_cents: number;
                                    image: string | null;
                                }[];
                                /** @description Charged for shipping; 0 for pickup */
                                shipping_cents: number;
                                /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                                tax_cents: number;
                                /** @description What the buyer pays: the lines and shipping (tax included) */
                                total_cents: number;
                                currency: string;
                                payment_reference: string;
                                payment_due_at: string | null;
                                payment_due_date: string | null;
                                payment_instructions: string | null;
                                pickup: {
                                    address: string | null;
                                    hours: string | null;
                                } | null;
                                carrier: string | null;
                                tracking_reference: string | null;
                                cancel_reason: string | null;
                                cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                                cancel_reason_day: string | null;
                                /** @description How the order is paid and what was given back */
                                payment: {
                                    /**
                                     * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                     * @enum {string}
                                     */
                                    provider: "accept" | "manual" | "stripe";
                                    /**
                                     * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                     * @enum {string}
                                     */
                                    status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                    payment_url: string | null;
                                    payment_expires_at: string | null;
                                    payment_intent_id: string | null;
                                    refunds: {
                                        amount_cents: number;
                                        reason: string;
                                        /** @enum {string} */
                                        state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                        reference: string | null;
                                        error: string | null;
                                        /** Format: date-time */
                                        requested_at: string;
                                        settled_at: string | null;
                                    }[];
                                };
                                /** Format: date-time */
                                placed_at: string;
                                paid_at: string | null;
                                shipped_at: string | null;
                                delivered_at: string | null;
                                cancelled_at: string | null;
                                terms_version: number | null;
                                withdrawal_version: number | null;
                                checkout_wording: string | null;
                                withdrawal: {
                                    /**
                                     * Format: date-time
                                     * @description When the first withdrawal was received
                                     */
                                    requested_at: string;
                                    /** @description Every item withdrawn from */
                                    item_ids: number[];
                                    /** @description Each withdrawal as received, oldest first */
                                    requests: {
                                        /** Format: date-time */
                                        requested_at: string;
                                        item_ids: number[];
                                        reason: string | null;
                                    }[];
                                } | null;
                                withdrawal_period_ends_at: string | null;
                                /** @description Money given back, oldest first (how it went: payment.refunds) */
                                refunds: {
                                    /** @description Given back, shipping included */
                                    amount_cents: number;
                                    /** @description The items paid back */
                                    item_ids: number[];
                                    /** @description The part that gives the shipping back */
                                    shipping_cents: number;
                                    /** Format: date-time */
                                    at: string;
                                }[];
                                refunded_at: string | null;
                                invoice: {
                                    /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                } | null;
                                /** @description One per refund, oldest first */
                                credit_notes: {
                                    /** @description CN-YYYY-NNNNN, referring to the invoice */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                    amount_cents: number;
                                }[];
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** placed → paid (a manual payment arrived) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** paid → shipped, with carrier and tracking reference; mails the buyer. A pickup order is never shipped: 409 invalid_transition (hand it over with deliver) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        carrier: string;
                        tracking_reference: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** shipped → delivered; a pickup order: paid → delivered directly ("handed over" at the shop) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** placed or paid → cancelled: items back on sale, payment voided once, buyer mailed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Told to the buyer in the cancellation mail */
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay items back (issue 34): their prices, plus the shipping once when asked, never more than was paid less earlier refunds; through the payment provider (manual: recorded for the shop to pay by hand); each item back on sale or to pending; the order refunded once every line is
         * @description 409 invalid_transition unless paid, shipped or delivered; 409 item_refunded for an item paid back before; 409 nothing_to_refund; 400 item_not_in_order. Mails the buyer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The items received back and paid back now (empty: the shipping alone) */
                        item_ids: number[];
                        /** @description Give the order’s shipping back too (once per order) */
                        include_shipping: boolean;
                        /**
                         * @description Each item back on sale, or to pending for a look first
                         * @enum {string}
                         */
                        restock: "available" | "pending";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** New submissions waiting, items by status, holds that end soonest, sold in the last 7 days */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pending items whose draft is not yet accepted or dismissed */
                            new_submissions: number;
                            items_by_status: {
                                pending: number;
                                available: number;
                                reserved: number;
                                sold: number;
                            };
                            holds: {
                                /** @description Holds still running */
                                count: number;
                                /** @description The holds that end first, soonest first */
                                soonest: {
                                    item_id: number;
                                    title: string;
                                    /** Format: date-time */
                                    reserved_until: string;
                                }[];
                            };
                            sold_last_7_days: {
                                count: number;
                                /** @description The sum of their prices */
                                total_cents: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoints (without their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhooks: {
                                id: number;
                                url: string;
                                events: ("item.published" | "item.unpublished" | "item.reserved" | "item.released" | "item.sold" | "order.placed" | "order.paid" | "order.shipped" | "order.delivered" | "order.cancelled" | "order.refunded" | "submission.received")[];
                                /** @enum {string} */
                                state: "active" | "disabled";
                                failing_since: string | null;
                                disabled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Register a webhook endpoint; the signing secret is in this answer only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description https (http only with WEBHOOK_ALLOW_PRIVATE=true); no private addresses */
                        url: string;
                        events: ("item.published" | "item.unpublished" | "item.reserved" | "item.released" | "item.sold" | "order.placed" | "order.paid" | "order.shipped" | "order.delivered" | "order.cancelled" | "order.refunded" | "submission.received")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            url: string;
                            events: ("item.published" | "item.unpublished" | "item.reserved" | "item.released" | "item.sold" | "order.placed" | "order.paid" | "order.shipped" | "order.delivered" | "order.cancelled" | "order.refunded" | "submission.received")[];
                            /** @enum {string} */
                            state: "active" | "disabled";
                            failing_since: string | null;
                            disabled_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description whsec_… (Standard Webhooks): verifies webhook-signature; shown this once */
                            secret: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its delivery log */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a disabled endpoint; events kept meanwhile are delivered in order */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            url: string;
                            events: ("item.published" | "item.unpublished" | "item.reserved" | "item.released" | "item.sold" | "order.placed" | "order.paid" | "order.shipped" | "order.delivered" | "order.cancelled" | "order.refunded" | "submission.received")[];
                            /** @enum {string} */
                            state: "active" | "disabled";
                            failing_since: string | null;
                            disabled_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries to this endpoint, newest first, each with its attempts */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description From next_cursor */
                    cursor?: string;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: {
                                id: number;
                                /** @enum {string} */
                                event_type: "item.published" | "item.unpublished" | "item.reserved" | "item.released" | "item.sold" | "order.placed" | "order.paid" | "order.shipped" | "order.delivered" | "order.cancelled" | "order.refunded" | "submission.received";
                                /** @description The webhook-id header: the same on every attempt */
                                webhook_id: string;
                                /** @enum {string} */
                                state: "pending" | "delivering" | "delivered" | "retrying" | "failed";
                                attempts: {
                                    attempt: number;
                                    /** Format: date-time */
                                    at: string;
                                    status_code: number | null;
                                    error: string | null;
                                    duration_ms: number;
                                }[];
                                next_attempt_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                finished_at: string | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivered or failed delivery again (same webhook-id) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    delivery_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @enum {string} */
                            event_type: "item.published" | "item.unpublished" | "item.reserved" | "item.released" | "item.sold" | "order.placed" | "order.paid" | "order.shipped" | "order.delivered" | "order.cancelled" | "order.refunded" | "submission.received";
                            /** @description The webhook-id header: the same on every attempt */
                            webhook_id: string;
                            /** @enum {string} */
                            state: "pending" | "delivering" | "delivered" | "retrying" | "failed";
                            attempts: {
                                attempt: number;
                                /** Format: date-time */
                                at: string;
                                status_code: number | null;
                                error: string | null;
                                duration_ms: number;
                            }[];
                            next_attempt_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            finished_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop’s settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            logo_url: string | null;
                            contact_email: string | null;
                            address: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            };
                            payment_instructions: string | null;
                            mail_sender_name: string | null;
                            notify: {
                                orders: boolean;
                                submissions: boolean;
                            };
                            tax: {
                                /**
                                 * @description included: prices include the tax; margin: margin scheme for second-hand goods; none: no tax shown
                                 * @enum {string}
                                 */
                                mode: "included" | "margin" | "none";
                                rate_bp: number;
                                rates_bp: {
                                    [key: string]: number;
                                };
                                note: string | null;
                            };
                            time_zone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Change any subset of the shop’s settings; every instance uses them at its next request */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The shop’s name: header, page titles, mail */
                        name?: string;
                        contact_email?: string | null;
                        address?: string | null;
                        pickup?: {
                            address?: string | null;
                            hours?: string | null;
                        };
                        payment_instructions?: string | null;
                        mail_sender_name?: string | null;
                        notify?: {
                            /** @description Mail the contact address each order */
                            orders?: boolean;
                            /** @description Mail the contact address each intake submission */
                            submissions?: boolean;
                        };
                        tax?: {
                            /**
                             * @description included: prices include the tax; margin: margin scheme for second-hand goods; none: no tax shown
                             * @enum {string}
                             */
                            mode?: "included" | "margin" | "none";
                            rate_bp?: number;
                            /** @description Rates by destination country (ISO 3166-1 alpha-2), in basis points */
                            rates_bp?: {
                                [key: string]: number;
                            };
                            note?: string | null;
                        };
                        /** @description IANA zone, e.g. Europe/Berlin */
                        time_zone?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            logo_url: string | null;
                            contact_email: string | null;
                            address: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            };
                            payment_instructions: string | null;
                            mail_sender_name: string | null;
                            notify: {
                                orders: boolean;
                                submissions: boolean;
                            };
                            tax: {
                                /**
                                 * @description included: prices include the tax; margin: margin scheme for second-hand goods; none: no tax shown
                                 * @enum {string}
                                 */
                                mode: "included" | "margin" | "none";
                                rate_bp: number;
                                rates_bp: {
                                    [key: string]: number;
                                };
                                note: string | null;
                            };
                            time_zone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/shop/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the logo (multipart field "photos", one image; the intake’s checks and re-encoding) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            logo_url: string | null;
                            contact_email: string | null;
                            address: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            };
                            payment_instructions: string | null;
                            mail_sender_name: string | null;
                            notify: {
                                orders: boolean;
                                submissions: boolean;
                            };
                            tax: {
                                /**
                                 * @description included: prices include the tax; margin: margin scheme for second-hand goods; none: no tax shown
                                 * @enum {string}
                                 */
                                mode: "included" | "margin" | "none";
                                rate_bp: number;
                                rates_bp: {
                                    [key: string]: number;
                                };
                                note: string | null;
                            };
                            time_zone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the logo (the header shows the name alone) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            logo_url: string | null;
                            contact_email: string | null;
                            address: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            };
                            payment_instructions: string | null;
                            mail_sender_name: string | null;
                            notify: {
                                orders: boolean;
                                submissions: boolean;
                            };
                            tax: {
                                /**
                                 * @description included: prices include the tax; margin: margin scheme for second-hand goods; none: no tax shown
                                 * @enum {string}
                                 */
                                mode: "included" | "margin" | "none";
                                rate_bp: number;
                                rates_bp: {
                                    [key: string]: number;
                                };
                                note: string | null;
                            };
                            time_zone: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/pages/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest version of a page, with its Markdown, in `?language=` (absent: the shop’s language); 404 before its first save in it */
        get: {
            parameters: {
                query?: {
                    /** @description One of the shop's languages (en, de); absent: as described */
                    language?: "en" | "de";
                };
                header?: never;
                path: {
                    /** @description imprint, terms, privacy, withdrawal, shipping */
                    slug: "imprint" | "terms" | "privacy" | "withdrawal" | "shipping";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            slug: string;
                            title: string;
                            /** @description Sanitised HTML rendered from the Markdown */
                            body_html: string;
                            /** @description Each save is a new version; earlier ones are kept */
                            version: number;
                            /**
                             * Format: date-time
                             * @description When this version was saved
                             */
                            updated_at: string;
                            /** @description The language this version is written in (issue 37: a page may have one version per language) */
                            language?: string;
                            body_markdown: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Save a page: a new version each time (earlier ones are kept for the orders that accepted them), in `?language=` (absent: the shop’s language) */
        put: {
            parameters: {
                query?: {
                    /** @description One of the shop's languages (en, de); absent: as described */
                    language?: "en" | "de";
                };
                header?: never;
                path: {
                    /** @description imprint, terms, privacy, withdrawal, shipping */
                    slug: "imprint" | "terms" | "privacy" | "withdrawal" | "shipping";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description One line */
                        title: string;
                        /** @description Markdown (CommonMark with tables); HTML in it is sanitised */
                        body_markdown: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            slug: string;
                            title: string;
                            /** @description Sanitised HTML rendered from the Markdown */
                            body_html: string;
                            /** @description Each save is a new version; earlier ones are kept */
                            version: number;
                            /**
                             * Format: date-time
                             * @description When this version was saved
                             */
                            updated_at: string;
                            /** @description The language this version is written in (issue 37: a page may have one version per language) */
                            language?: string;
                            body_markdown: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/shipping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Shipping zones, their rates by weight, and free shipping over an amount */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            zones: {
                                /** @description Shown to the owner only */
                                name: string;
                                countries: string[];
                                /** @description Lightest band first; each band up to and including its weight */
                                rates: {
                                    up_to_grams: number | null;
                                    /** @description Cents */
                                    price_cents: number;
                                }[];
                            }[];
                            free_over_cents: number | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Replace the shipping zones and rates; a country in two zones or bands out of order is 400. No zones: free shipping everywhere */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        zones: {
                            /** @description Shown to the owner only */
                            name: string;
                            countries: string[];
                            /** @description Lightest band first; each band up to and including its weight */
                            rates: {
                                up_to_grams: number | null;
                                /** @description Cents */
                                price_cents: number;
                            }[];
                        }[];
                        free_over_cents: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            zones: {
                                /** @description Shown to the owner only */
                                name: string;
                                countries: string[];
                                /** @description Lightest band first; each band up to and including its weight */
                                rates: {
                                    up_to_grams: number | null;
                                    /** @description Cents */
                                    price_cents: number;
                                }[];
                            }[];
                            free_over_cents: number | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add 1–6 photos (multipart field "photos", the intake's checks); 201 with the item */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/images/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Put the photos in a new order (every image id once) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Every image id of the item, once each, in the new order */
                        image_ids: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/items/{id}/images/{image_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace one photo by a new one (multipart field "photos", one file); same place */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    image_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            category: {
                                id: number;
                                name: string;
                                slug: string;
                            } | null;
                            images: {
                                id: number;
                                /** @description The photo at full stored size */
                                url: string;
                                width: number;
                                height: number;
                                position: number;
                                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                                variants: {
                                    width: number;
                                    height: number;
                                    url: string;
                                }[];
                                has_original: boolean;
                            }[];
                            tags: {
                                id: number;
                                name: string;
                                slug: string;
                                /** @description Derived from the slug; readable with white text */
                                colour: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            published_at: string | null;
                            sold_at: string | null;
                            weight_grams: number | null;
                            dimensions: {
                                width_mm: number | null;
                                height_mm: number | null;
                                depth_mm: number | null;
                            };
                            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                            condition_note: string | null;
                            /** @enum {string} */
                            price_source: "model" | "default" | "manual";
                            draft: {
                                note: string;
                                state: string;
                                remove_background: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The upload link the submission came through */
                                link: {
                                    id: number;
                                    label: string | null;
                                    contact_email: string | null;
                                } | null;
                            } | null;
                            /** @description What publishing now would warn about (empty when nothing) */
                            publish_warnings: {
                                /** @enum {string} */
                                code: "no_photo" | "no_category" | "default_price";
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /** Remove one photo; its files go too */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                    image_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored photo or one of its list sizes (immutable; cached for a year) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The stored path, e.g. items/….jpg */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image bytes, with ETag and Last-Modified */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                        "image/webp": string;
                    };
                };
                /** @description The bytes of one `Range: bytes=…` */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                        "image/webp": string;
                    };
                };
                /** @description Not modified: If-None-Match or If-Modified-Since still holds */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** A stored photo or one of its list sizes (immutable; cached for a year) */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The stored path, e.g. items/….jpg */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image bytes, with ETag and Last-Modified */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                        "image/webp": string;
                    };
                };
                /** @description The bytes of one `Range: bytes=…` */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                        "image/webp": string;
                    };
                };
                /** @description Not modified: If-None-Match or If-Modified-Since still holds */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/api/upload-links/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an upload link is usable */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            active: true;
                            max_files: number;
                            /** @description Largest photo accepted, in bytes */
                            max_file_bytes: number;
                            /** @description MIME types a photo may have */
                            accepted_types: string[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload-links/{token}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit photos of one item and a note */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** @description JPEG, PNG or WebP photos of one item, each at most 15728640 bytes */
                        photos: string[];
                        /** @description What the item is */
                        note?: string;
                        /**
                         * @description `false` keeps the background
                         * @enum {string}
                         */
                        remove_background?: "true" | "false";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            received: true;
                            photos: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account, send the verification mail and sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Trimmed and lower-cased before use */
                        email: string;
                        /** @description 8 to 128 characters */
                        password: string;
                        first_name: string;
                        last_name: string;
                        marketing_consent?: boolean;
                        /** @description The exact wording shown to the customer */
                        marketing_consent_text?: string;
                        /** @description The language of the shop's pages and of the mails to this customer */
                        language?: "en" | "de";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the email address with the token from the mail */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a fresh verification mail */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted; no body */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password-reset link; answers the same for every address */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/password-reset/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token from the mail, and sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        /** @description 8 to 128 characters */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Change names, email address or marketing consent */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        first_name?: string;
                        last_name?: string;
                        /** @description Trimmed and lower-cased before use */
                        email?: string;
                        marketing_consent?: boolean;
                        /** @description The exact wording shown to the customer */
                        marketing_consent_text?: string;
                        language?: ("en" | "de") | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /** Delete the account; the password is required */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                    };
                };
            };
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in: the customer, or null for nobody (never a 401)
         * @description Public: reads the shop_session cookie when one is sent.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            customer: {
                                id: number;
                                email: string;
                                first_name: string | null;
                                last_name: string | null;
                                email_verified: boolean;
                                marketing_consent: boolean;
                                sold_notifications: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The language of the shop's pages and of the mails to this customer */
                                language?: "en" | "de";
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download everything the shop holds about the account */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            exported_at: string;
                            profile: {
                                id: number;
                                email: string;
                                first_name: string | null;
                                last_name: string | null;
                                email_verified: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                            };
                            consents: {
                                marketing: {
                                    given: boolean;
                                    text: string | null;
                                    recorded_at: string | null;
                                };
                                sold_notifications: {
                                    given: boolean;
                                    text: string | null;
                                    recorded_at: string | null;
                                };
                            };
                            favorites: {
                                item_id: number;
                                title: string;
                                /** Format: date-time */
                                favorited_at: string;
                            }[];
                            purchases: {
                                item_id: number;
                                title: string;
                                price_cents: number;
                                sold_at: string | null;
                            }[];
                            reservations: {
                                item_id: number;
                                title: string;
                                reserved_until: string | null;
                            }[];
                            orders: {
                                id: number;
                                /** @description Human-friendly order number, e.g. SO-000042 */
                                number: string;
                                /** @enum {string} */
                                state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                                customer_id: number | null;
                                buyer: {
                                    name: string | null;
                                    email: string | null;
                                };
                                /** @enum {string} */
                                fulfilment: "shipping" | "pickup";
                                shipping_address: {
                                    name: string;
                                    line1: string;
                                    line2: string | null;
                                    postal_code: string;
                                    city: string;
                                    country: string;
                                    phone: string | null;
                                } | null;
                                note: string | null;
                                lines: {
                                    item_id: number | null;
                                    title: string;
                                    price_cents: number;
                                    image: string | null;
                                }[];
                                /** @description Charged for shipping; 0 for pickup */
                                shipping_cents: number;
                                /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                                tax_cents: number;
                                /** @description What the buyer pays: the lines and shipping (tax included) */
                                total_cents: number;
                                currency: string;
                                payment_reference: string;
                                payment_due_at: string | null;
                                payment_due_date: string | null;
                                payment_instructions: string | null;
                                pickup: {
                                    address: string | null;
                                    hours: string | null;
                                } | null;
                                carrier: string | null;
                                tracking_reference: string | null;
                                cancel_reason: string | null;
                                cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                                cancel_reason_day: string | null;
                                /** @description How the order is paid and what was given back */
                                payment: {
                                    /**
                                     * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                     * @enum {string}
                                     */
                                    provider: "accept" | "manual" | "stripe";
                                    /**
                                     * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                     * @enum {string}
                                     */
                                    status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                    payment_url: string | null;
                                    payment_expires_at: string | null;
                                    payment_intent_id: string | null;
                                    refunds: {
                                        amount_cents: number;
                                        reason: string;
                                        /** @enum {string} */
                                        state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                        reference: string | null;
                                        error: string | null;
                                        /** Format: date-time */
                                        requested_at: string;
                                        settled_at: string | null;
                                    }[];
                                };
                                /** Format: date-time */
                                placed_at: string;
                                paid_at: string | null;
                                shipped_at: string | null;
                                delivered_at: string | null;
                                cancelled_at: string | null;
                                terms_version: number | null;
                                withdrawal_version: number | null;
                                checkout_wording: string | null;
                                withdrawal: {
                                    /**
                                     * Format: date-time
                                     * @description When the first withdrawal was received
                                     */
                                    requested_at: string;
                                    /** @description Every item withdrawn from */
                                    item_ids: number[];
                                    /** @description Each withdrawal as received, oldest first */
                                    requests: {
                                        /** Format: date-time */
                                        requested_at: string;
                                        item_ids: number[];
                                        reason: string | null;
                                    }[];
                                } | null;
                                withdrawal_period_ends_at: string | null;
                                /** @description Money given back, oldest first (how it went: payment.refunds) */
                                refunds: {
                                    /** @description Given back, shipping included */
                                    amount_cents: number;
                                    /** @description The items paid back */
                                    item_ids: number[];
                                    /** @description The part that gives the shipping back */
                                    shipping_cents: number;
                                    /** Format: date-time */
                                    at: string;
                                }[];
                                refunded_at: string | null;
                                invoice: {
                                    /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                } | null;
                                /** @description One per refund, oldest first */
                                credit_notes: {
                                    /** @description CN-YYYY-NNNNN, referring to the invoice */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                    amount_cents: number;
                                }[];
                            }[];
                            addresses: {
                                id: number;
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            }[];
                            sessions: {
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                expires_at: string;
                                current: boolean;
                            }[];
                            tokens: {
                                kind: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                expires_at: string;
                                used_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Favorited items; one that went pending is kept but not listed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Item"][];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/favorites/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Favorite an item (idempotent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    item_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Unfavorite an item (idempotent) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    item_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/sold-notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Opt in to or out of hearing when a favorite is sold */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                        /** @description The exact wording shown; required when enabling */
                        consent_text?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            email_verified: boolean;
                            marketing_consent: boolean;
                            sold_notifications: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The language of the shop's pages and of the mails to this customer */
                            language?: "en" | "de";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items held for the caller and the deadline they share */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Item"][];
                            reserved_until: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reserve an available item until the cart’s deadline (a full hold window for an empty cart) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        item_id: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Item"][];
                            reserved_until: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/items/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Release an item of the cart back to available (idempotent) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    item_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What checkout would charge for the cart: items, shipping to the address’s country (a saved address, or none for pickup), tax and total. 409 no_shipping_to_country where the shop does not ship */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        shipping_address?: {
                            /** @description Who receives the parcel */
                            name?: string;
                            line1?: string;
                            line2?: string | null;
                            postal_code?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 code of a real country, e.g. DE or GB (stored upper case); any other code is 400 invalid_country */
                            country: string;
                            phone?: string | null;
                        };
                        /** @description A saved address of the caller, instead of shipping_address */
                        address_id?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The held items at their held prices */
                            items_cents: number;
                            /** @description For the parcel to that country; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top), per line and for shipping, rounded half up per line; 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What checkout charges: items and shipping */
                            total_cents: number;
                            /** @description How the tax was reckoned, for the cart to say it */
                            tax: {
                                /** @enum {string} */
                                mode: "included" | "margin" | "none";
                                /** @description The VAT rate applied in basis points (1900 = 19%); 0 unless included */
                                rate_bp: number;
                                wording: string | null;
                            };
                            lines: {
                                item_id: number;
                                title: string;
                                price_cents: number;
                                weight_grams: number | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Buy every item held in the cart, at the prices held; the order ships to an address (new or saved) or, without a body, is picked up. With PAYMENT_PROVIDER=stripe the order is placed, nothing is sold yet, and the buyer pays at payment_url (503 payment_unavailable when the page cannot be opened) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        shipping_address?: {
                            /** @description Who receives the parcel */
                            name: string;
                            line1: string;
                            line2?: string | null;
                            postal_code: string;
                            city: string;
                            /** @description ISO 3166-1 alpha-2 code of a real country, e.g. DE or GB (stored upper case); any other code is 400 invalid_country */
                            country: string;
                            phone?: string | null;
                        };
                        /** @description A saved address of the caller, instead of shipping_address */
                        address_id?: number;
                        /** @description A note for the shop */
                        note?: string;
                        /** @description The buyer ticked "I accept the terms"; required true once a terms page exists (400 terms_not_accepted) */
                        accept_terms?: boolean;
                        /** @description The exact words the checkout showed with its button and the terms box; stored with the order (the shop’s own wording when absent) */
                        checkout_wording?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sold_item_ids: number[];
                            /** Order */
                            order: {
                                id: number;
                                /** @description Human-friendly order number, e.g. SO-000042 */
                                number: string;
                                /** @enum {string} */
                                state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                                customer_id: number | null;
                                buyer: {
                                    name: string | null;
                                    email: string | null;
                                };
                                /** @enum {string} */
                                fulfilment: "shipping" | "pickup";
                                shipping_address: {
                                    name: string;
                                    line1: string;
                                    line2: string | null;
                                    postal_code: string;
                                    city: string;
                                    country: string;
                                    phone: string | null;
                                } | null;
                                note: string | null;
                                lines: {
                                    item_id: number | null;
                                    title: string;
                                    price_cents: number;
                                    image: string | null;
                                }[];
                                /** @description Charged for shipping; 0 for pickup */
                                shipping_cents: number;
                                /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                                tax_cents: number;
                                /** @description What the buyer pays: the lines and shipping (tax included) */
                                total_cents: number;
                                currency: string;
                                payment_reference: string;
                                payment_due_at: string | null;
                                payment_due_date: string | null;
                                payment_instructions: string | null;
                                pickup: {
                                    address: string | null;
                                    hours: string | null;
                                } | null;
                                carrier: string | null;
                                tracking_reference: string | null;
                                cancel_reason: string | null;
                                cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                                cancel_reason_day: string | null;
                                /** @description How the order is paid and what was given back */
                                payment: {
                                    /**
                                     * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                     * @enum {string}
                                     */
                                    provider: "accept" | "manual" | "stripe";
                                    /**
                                     * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                     * @enum {string}
                                     */
                                    status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                    payment_url: string | null;
                                    payment_expires_at: string | null;
                                    payment_intent_id: string | null;
                                    refunds: {
                                        amount_cents: number;
                                        reason: string;
                                        /** @enum {string} */
                                        state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                        reference: string | null;
                                        error: string | null;
                                        /** Format: date-time */
                                        requested_at: string;
                                        settled_at: string | null;
                                    }[];
                                };
                                /** Format: date-time */
                                placed_at: string;
                                paid_at: string | null;
                                shipped_at: string | null;
                                delivered_at: string | null;
                                cancelled_at: string | null;
                                terms_version: number | null;
                                withdrawal_version: number | null;
                                checkout_wording: string | null;
                                withdrawal: {
                                    /**
                                     * Format: date-time
                                     * @description When the first withdrawal was received
                                     */
                                    requested_at: string;
                                    /** @description Every item withdrawn from */
                                    item_ids: number[];
                                    /** @description Each withdrawal as received, oldest first */
                                    requests: {
                                        /** Format: date-time */
                                        requested_at: string;
                                        item_ids: number[];
                                        reason: string | null;
                                    }[];
                                } | null;
                                withdrawal_period_ends_at: string | null;
                                /** @description Money given back, oldest first (how it went: payment.refunds) */
                                refunds: {
                                    /** @description Given back, shipping included */
                                    amount_cents: number;
                                    /** @description The items paid back */
                                    item_ids: number[];
                                    /** @description The part that gives the shipping back */
                                    shipping_cents: number;
                                    /** Format: date-time */
                                    at: string;
                                }[];
                                refunded_at: string | null;
                                invoice: {
                                    /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                } | null;
                                /** @description One per refund, oldest first */
                                credit_notes: {
                                    /** @description CN-YYYY-NNNNN, referring to the invoice */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                    amount_cents: number;
                                }[];
                            };
                            /** @description PAYMENT_PROVIDER=stripe: where the buyer pays (Stripe Checkout). Nothing is sold yet (sold_item_ids is empty): the items stay held until the payment arrives */
                            payment_url?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s orders, newest first, as they were at the sale */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orders: {
                                id: number;
                                /** @description Human-friendly order number, e.g. SO-000042 */
                                number: string;
                                /** @enum {string} */
                                state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                                customer_id: number | null;
                                buyer: {
                                    name: string | null;
                                    email: string | null;
                                };
                                /** @enum {string} */
                                fulfilment: "shipping" | "pickup";
                                shipping_address: {
                                    name: string;
                                    line1: string;
                                    line2: string | null;
                                    postal_code: string;
                                    city: string;
                                    country: string;
                                    phone: string | null;
                                } | null;
                                note: string | null;
                                lines: {
                                    item_id: number | null;
                                    title: string;
                                    price_cents: number;
                                    image: string | null;
                                }[];
                                /** @description Charged for shipping; 0 for pickup */
                                shipping_cents: number;
                                /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                                tax_cents: number;
                                /** @description What the buyer pays: the lines and shipping (tax included) */
                                total_cents: number;
                                currency: string;
                                payment_reference: string;
                                payment_due_at: string | null;
                                payment_due_date: string | null;
                                payment_instructions: string | null;
                                pickup: {
                                    address: string | null;
                                    hours: string | null;
                                } | null;
                                carrier: string | null;
                                tracking_reference: string | null;
                                cancel_reason: string | null;
                                cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                                cancel_reason_day: string | null;
                                /** @description How the order is paid and what was given back */
                                payment: {
                                    /**
                                     * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                     * @enum {string}
                                     */
                                    provider: "accept" | "manual" | "stripe";
                                    /**
                                     * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                     * @enum {string}
                                     */
                                    status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                    payment_url: string | null;
                                    payment_expires_at: string | null;
                                    payment_intent_id: string | null;
                                    refunds: {
                                        amount_cents: number;
                                        reason: string;
                                        /** @enum {string} */
                                        state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                        reference: string | null;
                                        error: string | null;
                                        /** Format: date-time */
                                        requested_at: string;
                                        settled_at: string | null;
                                    }[];
                                };
                                /** Format: date-time */
                                placed_at: string;
                                paid_at: string | null;
                                shipped_at: string | null;
                                delivered_at: string | null;
                                cancelled_at: string | null;
                                terms_version: number | null;
                                withdrawal_version: number | null;
                                checkout_wording: string | null;
                                withdrawal: {
                                    /**
                                     * Format: date-time
                                     * @description When the first withdrawal was received
                                     */
                                    requested_at: string;
                                    /** @description Every item withdrawn from */
                                    item_ids: number[];
                                    /** @description Each withdrawal as received, oldest first */
                                    requests: {
                                        /** Format: date-time */
                                        requested_at: string;
                                        item_ids: number[];
                                        reason: string | null;
                                    }[];
                                } | null;
                                withdrawal_period_ends_at: string | null;
                                /** @description Money given back, oldest first (how it went: payment.refunds) */
                                refunds: {
                                    /** @description Given back, shipping included */
                                    amount_cents: number;
                                    /** @description The items paid back */
                                    item_ids: number[];
                                    /** @description The part that gives the shipping back */
                                    shipping_cents: number;
                                    /** Format: date-time */
                                    at: string;
                                }[];
                                refunded_at: string | null;
                                invoice: {
                                    /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                } | null;
                                /** @description One per refund, oldest first */
                                credit_notes: {
                                    /** @description CN-YYYY-NNNNN, referring to the invoice */
                                    number: string;
                                    /** Format: date-time */
                                    issued_at: string;
                                    amount_cents: number;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s orders (another customer’s is 404) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/orders/{id}/legal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The terms and withdrawal policy exactly as accepted with this order (null where the shop had none) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            terms: {
                                slug: string;
                                title: string;
                                /** @description Sanitised HTML rendered from the Markdown */
                                body_html: string;
                                /** @description Each save is a new version; earlier ones are kept */
                                version: number;
                                /**
                                 * Format: date-time
                                 * @description When this version was saved
                                 */
                                updated_at: string;
                                /** @description The language this version is written in (issue 37: a page may have one version per language) */
                                language?: string;
                            } | null;
                            withdrawal: {
                                slug: string;
                                title: string;
                                /** @description Sanitised HTML rendered from the Markdown */
                                body_html: string;
                                /** @description Each save is a new version; earlier ones are kept */
                                version: number;
                                /**
                                 * Format: date-time
                                 * @description When this version was saved
                                 */
                                updated_at: string;
                                /** @description The language this version is written in (issue 37: a page may have one version per language) */
                                language?: string;
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/orders/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw from items of the order (issue 34): any time before delivery, else within 14 days of delivery or hand-over; the acknowledgment is mailed at once
         * @description Records the withdrawal with its date and time, mails the buyer the acknowledgment and tells the shop. Items withdrawn before are withdrawn: naming only those again answers the order as it is. An unpaid order is withdrawn from as a whole and is cancelled (409 withdraw_whole_order otherwise). 400 item_not_in_order; 409 withdrawal_period_over past the period; 409 item_refunded for an item paid back; 409 invalid_transition for a cancelled or refunded order.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The items of the order to withdraw from */
                        item_ids: number[];
                        /** @description Why, if the buyer wants to say (optional) */
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description Human-friendly order number, e.g. SO-000042 */
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            customer_id: number | null;
                            buyer: {
                                name: string | null;
                                email: string | null;
                            };
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            shipping_address: {
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            } | null;
                            note: string | null;
                            lines: {
                                item_id: number | null;
                                title: string;
                                price_cents: number;
                                image: string | null;
                            }[];
                            /** @description Charged for shipping; 0 for pickup */
                            shipping_cents: number;
                            /** @description The VAT contained in total_cents (prices include it; never added on top): per line and for shipping at the destination’s rate, rounded half up per line. 0 under the margin scheme or a small business exemption */
                            tax_cents: number;
                            /** @description What the buyer pays: the lines and shipping (tax included) */
                            total_cents: number;
                            currency: string;
                            payment_reference: string;
                            payment_due_at: string | null;
                            payment_due_date: string | null;
                            payment_instructions: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            } | null;
                            carrier: string | null;
                            tracking_reference: string | null;
                            cancel_reason: string | null;
                            cancel_reason_code: ("payment_failed" | "not_completed" | "no_longer_held" | "withdrawn_unpaid" | "replaced" | "page_not_opened" | "not_paid_by") | null;
                            cancel_reason_day: string | null;
                            /** @description How the order is paid and what was given back */
                            payment: {
                                /**
                                 * @description How the order is paid (PAYMENT_PROVIDER at the checkout)
                                 * @enum {string}
                                 */
                                provider: "accept" | "manual" | "stripe";
                                /**
                                 * @description awaiting_payment: not paid yet; processing: paid on the page, the money still settling (a bank debit); paid; cancelled: cancelled with no money to give back; refund_pending / refunded / refund_by_hand (for the shop to pay back by hand) / refund_failed (retried, then for a person)
                                 * @enum {string}
                                 */
                                status: "awaiting_payment" | "processing" | "paid" | "cancelled" | "refund_pending" | "refunded" | "refund_by_hand" | "refund_failed";
                                payment_url: string | null;
                                payment_expires_at: string | null;
                                payment_intent_id: string | null;
                                refunds: {
                                    amount_cents: number;
                                    reason: string;
                                    /** @enum {string} */
                                    state: "pending" | "succeeded" | "failed" | "to_pay_by_hand";
                                    reference: string | null;
                                    error: string | null;
                                    /** Format: date-time */
                                    requested_at: string;
                                    settled_at: string | null;
                                }[];
                            };
                            /** Format: date-time */
                            placed_at: string;
                            paid_at: string | null;
                            shipped_at: string | null;
                            delivered_at: string | null;
                            cancelled_at: string | null;
                            terms_version: number | null;
                            withdrawal_version: number | null;
                            checkout_wording: string | null;
                            withdrawal: {
                                /**
                                 * Format: date-time
                                 * @description When the first withdrawal was received
                                 */
                                requested_at: string;
                                /** @description Every item withdrawn from */
                                item_ids: number[];
                                /** @description Each withdrawal as received, oldest first */
                                requests: {
                                    /** Format: date-time */
                                    requested_at: string;
                                    item_ids: number[];
                                    reason: string | null;
                                }[];
                            } | null;
                            withdrawal_period_ends_at: string | null;
                            /** @description Money given back, oldest first (how it went: payment.refunds) */
                            refunds: {
                                /** @description Given back, shipping included */
                                amount_cents: number;
                                /** @description The items paid back */
                                item_ids: number[];
                                /** @description The part that gives the shipping back */
                                shipping_cents: number;
                                /** Format: date-time */
                                at: string;
                            }[];
                            refunded_at: string | null;
                            invoice: {
                                /** @description INV-YYYY-NNNNN, gapless per year in issue order */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                            } | null;
                            /** @description One per refund, oldest first */
                            credit_notes: {
                                /** @description CN-YYYY-NNNNN, referring to the invoice */
                                number: string;
                                /** Format: date-time */
                                issued_at: string;
                                amount_cents: number;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saved shipping addresses, oldest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            addresses: {
                                id: number;
                                name: string;
                                line1: string;
                                line2: string | null;
                                postal_code: string;
                                city: string;
                                country: string;
                                phone: string | null;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Save a shipping address (at most 10 per account) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Who receives the parcel */
                        name: string;
                        line1: string;
                        line2?: string | null;
                        postal_code: string;
                        city: string;
                        /** @description ISO 3166-1 alpha-2 code of a real country, e.g. DE or GB (stored upper case); any other code is 400 invalid_country */
                        country: string;
                        phone?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            line1: string;
                            line2: string | null;
                            postal_code: string;
                            city: string;
                            country: string;
                            phone: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a saved address (orders keep their own copy) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Who receives the parcel */
                        name: string;
                        line1: string;
                        line2?: string | null;
                        postal_code: string;
                        city: string;
                        /** @description ISO 3166-1 alpha-2 code of a real country, e.g. DE or GB (stored upper case); any other code is 400 invalid_country */
                        country: string;
                        phone?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            name: string;
                            line1: string;
                            line2: string | null;
                            postal_code: string;
                            city: string;
                            country: string;
                            phone: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a saved address */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/me/orders/{id}/invoice.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice of one of the caller’s orders; 404 before it is paid */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invoice as a PDF (application/pdf), drawn from the invoice as issued */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/items/{id}/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the shop about a piece; the answer comes by mail to the customer
         * @description Mailed to the shop with the customer’s address as Reply-To, after the commit. Needs a verified address (403 email_not_verified). 10 per hour per customer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description What the customer asks; the shop answers by mail to their address */
                        message: string;
                    };
                };
            };
            responses: {
                /** @description Accepted: the mail to the shop is queued and sent shortly */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The address the shop’s answer will go to */
                            reply_to: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop’s name, contact and pages; currency, cart hold, payment provider and photo limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ISO 4217 code prices are shown in (SHOP_CURRENCY) */
                            currency: string;
                            /** @description How long a cart holds an item */
                            cart_hold_minutes: number;
                            /**
                             * @description How buyers pay (PAYMENT_PROVIDER): accept takes no money (a test shop: the client says so on every page), manual waits for a payment by hand, stripe sends the buyer to Stripe Checkout
                             * @enum {string}
                             */
                            payment_provider: "accept" | "manual" | "stripe";
                            intake: {
                                max_files: number;
                                max_file_bytes: number;
                                accepted_types: string[];
                            };
                            /** @description The shop’s name (header, page titles, mail) */
                            name: string;
                            logo_url: string | null;
                            contact_email: string | null;
                            address: string | null;
                            pickup: {
                                address: string | null;
                                hours: string | null;
                            };
                            /** @description The pages written so far, in the footer’s order; terms among them means checkout needs accept_terms */
                            pages: {
                                slug: string;
                                title: string;
                            }[];
                            /** @description The words of the order button ("Order and pay"; "Order with obligation to pay" for manual payments) */
                            checkout_button: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pages/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A legal or information page, newest version (sanitised HTML) in the visitor’s language (`?language=`, else the shop_lang cookie, the signed-in customer’s choice, Accept-Language), else in the shop’s; 404 before it is written */
        get: {
            parameters: {
                query?: {
                    /** @description One of the shop's languages (en, de); absent: as described */
                    language?: "en" | "de";
                };
                header?: never;
                path: {
                    /** @description imprint, terms, privacy, withdrawal, shipping */
                    slug: "imprint" | "terms" | "privacy" | "withdrawal" | "shipping";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            slug: string;
                            title: string;
                            /** @description Sanitised HTML rendered from the Markdown */
                            body_html: string;
                            /** @description Each save is a new version; earlier ones are kept */
                            version: number;
                            /**
                             * Format: date-time
                             * @description When this version was saved
                             */
                            updated_at: string;
                            /** @description The language this version is written in (issue 37: a page may have one version per language) */
                            language?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "item.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.published: an item went on sale (pending → available)
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "item.published";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookItem */
                        data: {
                            id: number;
                            title: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            /** @description ISO 4217 */
                            currency: string;
                            /** @description The item's page in the shop */
                            url: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.unpublished": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.unpublished: an item was taken off the storefront (→ pending)
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "item.unpublished";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookItem */
                        data: {
                            id: number;
                            title: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            /** @description ISO 4217 */
                            currency: string;
                            /** @description The item's page in the shop */
                            url: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.reserved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.reserved: an item went into a customer’s cart (available → reserved)
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "item.reserved";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookItem */
                        data: {
                            id: number;
                            title: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            /** @description ISO 4217 */
                            currency: string;
                            /** @description The item's page in the shop */
                            url: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.released": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.released: an item is on sale again: a hold was released or expired, or its order was cancelled
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "item.released";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookItem */
                        data: {
                            id: number;
                            title: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            /** @description ISO 4217 */
                            currency: string;
                            /** @description The item's page in the shop */
                            url: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.sold: an item was sold (by checkout or by the admin); take it down elsewhere
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "item.sold";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookItem */
                        data: {
                            id: number;
                            title: string;
                            /** @enum {string} */
                            status: "pending" | "available" | "reserved" | "sold";
                            price_cents: number;
                            /** @description ISO 4217 */
                            currency: string;
                            /** @description The item's page in the shop */
                            url: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.placed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.placed: an order was placed at checkout
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "order.placed";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookOrder */
                        data: {
                            id: number;
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            total_cents: number;
                            currency: string;
                            item_ids: number[];
                            refund?: {
                                amount_cents: number;
                                item_ids: number[];
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.paid: an order was paid
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "order.paid";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookOrder */
                        data: {
                            id: number;
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            total_cents: number;
                            currency: string;
                            item_ids: number[];
                            refund?: {
                                amount_cents: number;
                                item_ids: number[];
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.shipped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.shipped: an order was shipped
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "order.shipped";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookOrder */
                        data: {
                            id: number;
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            total_cents: number;
                            currency: string;
                            item_ids: number[];
                            refund?: {
                                amount_cents: number;
                                item_ids: number[];
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.delivered: an order was delivered or handed over
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "order.delivered";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookOrder */
                        data: {
                            id: number;
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            total_cents: number;
                            currency: string;
                            item_ids: number[];
                            refund?: {
                                amount_cents: number;
                                item_ids: number[];
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.cancelled: an order was cancelled; its items are on sale again
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "order.cancelled";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookOrder */
                        data: {
                            id: number;
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            total_cents: number;
                            currency: string;
                            item_ids: number[];
                            refund?: {
                                amount_cents: number;
                                item_ids: number[];
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.refunded: money was given back for an order (`refund` says how much, for which items)
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "order.refunded";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookOrder */
                        data: {
                            id: number;
                            number: string;
                            /** @enum {string} */
                            state: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
                            /** @enum {string} */
                            fulfilment: "shipping" | "pickup";
                            total_cents: number;
                            currency: string;
                            item_ids: number[];
                            refund?: {
                                amount_cents: number;
                                item_ids: number[];
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "submission.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * submission.received: photos arrived through an upload link and became a pending item
         * @description Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event id (msg_…), the same on every attempt */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of id.timestamp.body> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "submission.received";
                        /**
                         * Format: date-time
                         * @description When the event happened
                         */
                        timestamp: string;
                        /** WebhookSubmission */
                        data: {
                            /** @description The pending item the submission became */
                            item_id: number;
                            photos: number;
                            upload_link_id: number | null;
                        };
                    };
                };
            };
            responses: {
                /** @description Delivered; any other answer (or none within 10 s) is retried */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** Error */
        ErrorResponse: {
            error: {
                /** @description Stable snake_case code */
                code: string;
                /** @description Human sentence; may change */
                message: string;
                /** @description The input field at fault */
                field?: string;
                /** @description A refused body: every field at fault (at most 20), in the order of the form */
                fields?: {
                    /** @description The field, dotted when nested (shipping_address.city) */
                    field: string;
                    /** @description What is wrong, in words for a person */
                    message: string;
                }[];
                /**
                 * Format: date-time
                 * @description item_unavailable refused by the caller’s own cool-down: when they may hold it again
                 */
                available_again_at?: string;
            };
        };
        /** Item */
        Item: {
            id: number;
            title: string;
            description: string;
            /** @enum {string} */
            status: "pending" | "available" | "reserved" | "sold";
            price_cents: number;
            category: {
                id: number;
                name: string;
                slug: string;
            } | null;
            images: {
                id: number;
                /** @description The photo at full stored size */
                url: string;
                width: number;
                height: number;
                position: number;
                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                variants: {
                    width: number;
                    height: number;
                    url: string;
                }[];
            }[];
            tags: {
                id: number;
                name: string;
                slug: string;
                /** @description Derived from the slug; readable with white text */
                colour: string;
            }[];
            /** Format: date-time */
            created_at: string;
            published_at: string | null;
            sold_at: string | null;
            weight_grams: number | null;
            dimensions: {
                width_mm: number | null;
                height_mm: number | null;
                depth_mm: number | null;
            };
            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
            condition_note: string | null;
        };
        /** CategoryNode */
        CategoryNode: {
            id: number;
            name: string;
            slug: string;
            children: components["schemas"]["CategoryNode"][];
        };
        /** AdminItem */
        AdminItem: {
            id: number;
            title: string;
            description: string;
            /** @enum {string} */
            status: "pending" | "available" | "reserved" | "sold";
            price_cents: number;
            category: {
                id: number;
                name: string;
                slug: string;
            } | null;
            images: {
                id: number;
                /** @description The photo at full stored size */
                url: string;
                width: number;
                height: number;
                position: number;
                /** @description Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo */
                variants: {
                    width: number;
                    height: number;
                    url: string;
                }[];
                has_original: boolean;
            }[];
            tags: {
                id: number;
                name: string;
                slug: string;
                /** @description Derived from the slug; readable with white text */
                colour: string;
            }[];
            /** Format: date-time */
            created_at: string;
            published_at: string | null;
            sold_at: string | null;
            weight_grams: number | null;
            dimensions: {
                width_mm: number | null;
                height_mm: number | null;
                depth_mm: number | null;
            };
            condition: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
            condition_note: string | null;
            /** @enum {string} */
            price_source: "model" | "default" | "manual";
            draft: {
                note: string;
                state: string;
                remove_background: boolean;
                /** Format: date-time */
                created_at: string;
                /** @description The upload link the submission came through */
                link: {
                    id: number;
                    label: string | null;
                    contact_email: string | null;
                } | null;
            } | null;
            /** @description What publishing now would warn about (empty when nothing) */
            publish_warnings: {
                /** @enum {string} */
                code: "no_photo" | "no_category" | "default_price";
                message: string;
            }[];
        };
        /** Draft */
        Draft: {
            id: number;
            item_id: number;
            state: "queued" | "processing" | "drafted" | "failed" | "accepted" | "dismissed";
            note: string;
            remove_background: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description Runs of the drafting step so far */
            attempts: number;
            last_error: string | null;
            last_error_code: ("published_first" | "paused" | "run_failed") | null;
            lease_until: string | null;
            drafted_at: string | null;
            reviewed_at: string | null;
            model: string | null;
            suggestions: {
                title: string;
                description: string;
                price_cents: number;
                category_id: number | null;
                /** @description Tags from the registry */
                tag_ids: number[];
                /** @description Tags the model wanted that the registry does not have; never created here */
                proposed_tags: string[];
                condition?: ("new" | "like_new" | "good" | "fair" | "for_parts") | null;
                weight_grams?: number | null;
                dimensions?: {
                    width_mm: number | null;
                    height_mm: number | null;
                    depth_mm: number | null;
                } | null;
            } | null;
            cutouts: {
                image_id: number;
                applied: boolean;
                reason: string | null;
            }[];
            link: {
                id: number;
                label: string | null;
                contact_email: string | null;
            } | null;
            item: {
                title: string;
                status: string;
                price_cents: number;
                /** @enum {string} */
                price_source: "model" | "default" | "manual";
            };
            photos: {
                id: number;
                url: string;
                width: number;
                height: number;
                position: number;
                has_original: boolean;
                original_url: string | null;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
