#include "k8s/config/execcredentialjson.h"

#include "k8s/config/yamljson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

#include <string>

namespace cubedesk::k8s {

namespace {

void appendField(std::string &out, const char *name, const QString &value) {
    out += '"';
    out += name;
    out += "\":";
    YamlJson::appendString(out, value.toStdString());
}

// A short, printable quote of a value the plugin returned for a non-secret field.
QString quoteShort(const QString &value) {
    QString shown = value.left(80);
    for (QChar &c : shown) {
        if (!c.isPrint())
            c = QLatin1Char('?');
    }
    return QLatin1Char('"') + shown +
           (value.size() > 80 ? QStringLiteral("...\"") : QStringLiteral("\""));
}

} // namespace

QByteArray ExecCredentialJson::execInfo(const QString &apiVersion,
                                        const std::optional<ExecClusterInfo> &cluster,
                                        bool interactive) {
    // Field order and omission follow the Go types (ExecCredential, ExecCredentialSpec,
    // Cluster) so that the bytes equal what kubectl sends.
    std::string out = "{\"kind\":\"ExecCredential\",";
    appendField(out, "apiVersion", apiVersion);
    out += ",\"spec\":{";
    if (cluster) {
        out += "\"cluster\":{";
        appendField(out, "server", cluster->server);
        if (!cluster->tlsServerName.isEmpty()) {
            out += ',';
            appendField(out, "tls-server-name", cluster->tlsServerName);
        }
        if (cluster->insecureSkipTlsVerify)
            out += ",\"insecure-skip-tls-verify\":true";
        if (!cluster->certificateAuthorityData.isEmpty()) {
            out += ",\"certificate-authority-data\":\"";
            out += cluster->certificateAuthorityData.toBase64().toStdString();
            out += '"';
        }
        if (!cluster->proxyUrl.isEmpty()) {
            out += ',';
            appendField(out, "proxy-url", cluster->proxyUrl);
        }
        if (cluster->disableCompression)
            out += ",\"disable-compression\":true";
        out += ",\"config\":";
        out += cluster->configJson ? cluster->configJson->toStdString() : std::string("null");
        out += "},";
    }
    out += interactive ? "\"interactive\":true}}" : "\"interactive\":false}}";
    return QByteArray::fromStdString(out);
}

Result<Credentials, QString> ExecCredentialJson::parseOutput(const QString &apiVersion,
                                                             const QByteArray &output) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(output, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        // Do not quote the output: it may be a half-written credential.
        return output.trimmed().isEmpty()
                   ? QStringLiteral("the plugin printed nothing on standard output")
                   : QStringLiteral("the plugin's standard output is not an ExecCredential JSON "
                                    "object (%1 bytes)")
                         .arg(output.size());
    }
    const QJsonObject root = doc.object();
    const QJsonValue version = root.value(QStringLiteral("apiVersion"));
    if (!version.isString() || version.toString() != apiVersion) {
        return QString(
            QStringLiteral("exec plugin is configured to use API version ") + apiVersion +
            QStringLiteral(", plugin returned version ") +
            (version.isString() ? quoteShort(version.toString()) : QStringLiteral("(none)")));
    }
    const QJsonValue kind = root.value(QStringLiteral("kind"));
    if (kind.toString() != QStringLiteral("ExecCredential")) {
        return QString(QStringLiteral("the plugin returned kind ") +
                       (kind.isString() ? quoteShort(kind.toString()) : QStringLiteral("(none)")) +
                       QStringLiteral(", expected ExecCredential"));
    }
    const QJsonValue statusValue = root.value(QStringLiteral("status"));
    if (!statusValue.isObject())
        return QStringLiteral("exec plugin didn't return a status field");
    const QJsonObject status = statusValue.toObject();

    const auto stringField = [&status](const char *name, bool *wrongType) {
        const QJsonValue v = status.value(QLatin1String(name));
        if (!v.isUndefined() && !v.isNull() && !v.isString())
            *wrongType = true;
        return v.toString();
    };
    bool wrongType = false;
    Credentials credentials;
    credentials.bearerToken = stringField("token", &wrongType).toUtf8();
    credentials.clientCertificatePem = stringField("clientCertificateData", &wrongType).toUtf8();
    credentials.clientKeyPem = stringField("clientKeyData", &wrongType).toUtf8();
    if (wrongType) {
        return QStringLiteral(
            "the plugin returned a status whose token, clientCertificateData or clientKeyData "
            "is not a string");
    }
    const bool hasCert = !credentials.clientCertificatePem.isEmpty();
    const bool hasKey = !credentials.clientKeyPem.isEmpty();
    if (hasCert != hasKey)
        return QStringLiteral("exec plugin returned only certificate or key, not both");
    if (credentials.bearerToken.isEmpty() && !hasCert)
        return QStringLiteral("exec plugin didn't return a token or cert/key pair");

    const QJsonValue expiry = status.value(QStringLiteral("expirationTimestamp"));
    if (!expiry.isUndefined() && !expiry.isNull()) {
        QDateTime when = QDateTime::fromString(expiry.toString(), Qt::ISODateWithMs);
        if (!when.isValid())
            when = QDateTime::fromString(expiry.toString(), Qt::ISODate);
        if (!expiry.isString() || !when.isValid()) {
            return QString(QStringLiteral("the plugin returned an expirationTimestamp that is "
                                          "not an RFC 3339 time: ") +
                           quoteShort(expiry.toString()));
        }
        credentials.expiry = when.toUTC();
    }
    return credentials;
}

} // namespace cubedesk::k8s
