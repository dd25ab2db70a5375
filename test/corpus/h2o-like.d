/*
 * Corpus file written for sdtkit (same shape as h2o's probes .d files):
 * application-data annotations in comments, struct pointer types, a bare
 * `unsigned`, and a probe with the maximum of 12 arguments.
 */

/* @appdata
{
    "connect": ["dest", "port"],
    "destroy": ["state", "num_streams"]
}
*/

provider webby {
    probe h1_accept(uint64_t conn_id, struct st_webby_socket_t *sock, struct st_webby_conn_t *conn);
    probe h1_close(uint64_t conn_id);

    probe h2_unknown_frame_type(uint64_t conn_id, uint8_t frame_type);

    probe h3s_accept(uint64_t conn_id, struct st_webby_conn_t *conn, struct st_quic_conn_t *quic);
    probe h3s_destroy(uint64_t conn_id, uint64_t req_id, unsigned state, size_t num_streams, size_t num_unblocked,
                      ssize_t bytes_sent, ssize_t bytes_received, uint64_t started_at, uint64_t finished_at,
                      const char *authority, const char *path, int status);
    probe h3s_stream_set_state(uint64_t conn_id, uint64_t req_id, unsigned state);

    probe receive_request(uint64_t conn_id, uint64_t req_id, int http_version);
    probe receive_request_header(uint64_t conn_id, uint64_t req_id, const char *name, size_t name_len, const char *value, size_t value_len);
    probe send_response(uint64_t conn_id, uint64_t req_id, int status, struct st_webby_tunnel_t *tunnel);
    /* @appdata {"json_escape": ["value"]} */
    probe connect(struct st_webby_req_t *req, const char *dest, int port);
};

provider quicish {
    probe packet_sent(struct st_quic_conn_t *conn, int64_t at, uint64_t pn, size_t len, uint8_t packet_type, int ack_only);
    probe packet_lost(struct st_quic_conn_t *conn, int64_t at, uint64_t pn, uint8_t packet_type);
};
